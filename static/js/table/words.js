// clubscorer: the scripts' own texts in the page's language (issue 29). A classic script, loaded
// before the page's scripts (the director's classic scripts and the players' screen's modules
// alike; it sits with the screen's modules so that the screen's service worker keeps it,
// templates/sessions_app/table/sw.js): it reads the catalogue the page embeds as JSON, `{% js_words %}`
// (sessions_app/templatetags/js_words.py -> sessions_app/core/js_words.py), in
// <script type="application/json" id="js-words"> (data, never run: the Content-Security-Policy
// allows no inline script), and gives the scripts Django's JavaScript names, which
// `makemessages -d djangojs` finds: gettext, ngettext, pgettext, npgettext, interpolate; and
// get_format for the language's decimal mark.
//
// Example: on a French page whose catalogue says {"Saved": "Enregistré"}, gettext("Saved") ->
// "Enregistré"; ngettext("%(n)s line", "%(n)s lines", 2) -> the French plural form; a text
// the catalogue lacks (every text in English) is the English itself.
(function (root) {
  "use strict";

  // The plural rule of each language, as its catalogue's Plural-Forms header says
  // (locale/<code>/LC_MESSAGES/djangojs.po): the index of the form to use for n. Written
  // out, since the header's formula cannot be evaluated (no eval under the CSP).
  const notOne = (n) => (n !== 1 ? 1 : 0);
  const aboveOne = (n) => (n > 1 ? 1 : 0);
  const PLURAL_RULES = {
    en: notOne,
    da: notOne,
    de: notOne,
    it: notOne,
    nb: notOne,
    nl: notOne,
    sv: notOne,
    fr: aboveOne,
    tr: aboveOne,
    es: (n) => (n === 1 ? 0 : n !== 0 && n % 1000000 === 0 ? 1 : 2),
    pl: (n) => {
      if (n === 1) return 0;
      const tens = n % 10;
      const hundreds = n % 100;
      if (tens >= 2 && tens <= 4 && (hundreds < 12 || hundreds > 14)) return 1;
      if ((tens >= 0 && tens <= 1) || (tens >= 5 && tens <= 9) || (hundreds >= 12 && hundreds <= 14)) return 2;
      return 3;
    },
  };

  function pluralIndex(language, n) {
    const base = String(language || "en").toLowerCase().split(/[-_]/)[0];
    return (PLURAL_RULES[base] || notOne)(Math.abs(Number(n)));
  }

  // `catalogue`: {language: "fr", catalog: {msgid: "text" | ["form 0", "form 1", ...]}}, a
  // context's entries keyed "context\u0004msgid" as Django's JavaScriptCatalog keys them.
  function makeWords(catalogue) {
    const language = (catalogue && catalogue.language) || "en";
    const catalog = (catalogue && catalogue.catalog) || {};
    const own = (key) => Object.prototype.hasOwnProperty.call(catalog, key);

    // Named otherwise than Django's functions: makemessages reads every call of those as a
    // text to translate.
    function single(msgid) {
      const said = own(msgid) ? catalog[msgid] : undefined;
      if (typeof said === "string" && said) return said;
      if (Array.isArray(said) && said[0]) return said[0];
      return msgid;
    }

    function plural(singular, pluralText, count) {
      const said = own(singular) ? catalog[singular] : undefined;
      if (Array.isArray(said)) {
        const form = said[pluralIndex(language, count)];
        if (form) return form;
      }
      return Number(count) === 1 ? singular : pluralText;
    }

    const SEPARATOR = String.fromCharCode(4); // "context\u0004msgid", as gettext keys them

    function inContext(context, msgid) {
      const said = single(context + SEPARATOR + msgid);
      return said.includes(SEPARATOR) ? msgid : said;
    }

    function pluralInContext(context, singular, pluralText, count) {
      const said = plural(context + SEPARATOR + singular, context + SEPARATOR + pluralText, count);
      return said.includes(SEPARATOR) ? plural(singular, pluralText, count) : said;
    }

    // interpolate("%(n)s of %(total)s", {n: 2, total: 5}, true) -> "2 of 5"; without
    // `named`, each %s takes the next value of the list.
    function interpolate(format, values, named) {
      if (named) {
        return format.replace(/%\(\w+\)s/g, (match) => String(values[match.slice(2, -2)]));
      }
      let next = 0;
      return format.replace(/%s/g, () => String(values[next++]));
    }

    // The language's formats, as Django's JavaScriptCatalog gives them: get_format("DECIMAL_SEPARATOR")
    // -> "," in French, "." on a page that gives none; another format the page does not give is
    // its name, as Django's get_format.
    const formats = { DECIMAL_SEPARATOR: ".", ...((catalogue && catalogue.formats) || {}) };
    function getFormat(name) {
      return Object.prototype.hasOwnProperty.call(formats, name) ? formats[name] : name;
    }

    return {
      language, gettext: single, ngettext: plural, pgettext: inContext, npgettext: pluralInContext, interpolate,
      getFormat,
    };
  }

  function pageCatalogue() {
    const element = root.document && root.document.getElementById("js-words");
    if (!element) return null;
    try {
      return JSON.parse(element.textContent);
    } catch {
      return null;
    }
  }

  const words = makeWords(pageCatalogue());
  root.clubscorerWords = { makeWords, pluralIndex };
  root.gettext = words.gettext;
  root.ngettext = words.ngettext;
  root.pgettext = words.pgettext;
  root.npgettext = words.npgettext;
  root.interpolate = words.interpolate;
  root.get_format = words.getFormat;
})(globalThis);
