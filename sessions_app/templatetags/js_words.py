"""`{% js_words %}`: the scripts' texts in the page's language, embedded as JSON
(`<script type="application/json" id="js-words">`, data the CSP lets through since it is never
run) followed by static/js/table/words.js, which reads it. Put it before the page's own scripts.

Example: `{% load js_words %}{% block scripts %}{% js_words %}<script src="…/entry.js">…`
"""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.utils.html import format_html, json_script

from ..core.js_words import js_words as _js_words

register = template.Library()


@register.simple_tag
def js_words() -> str:
    return format_html(
        '{}\n<script src="{}"></script>',
        json_script(_js_words(), "js-words"),
        static("js/table/words.js"),
    )
