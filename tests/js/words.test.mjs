// The scripts' texts in the page's language (static/js/table/words.js): run with `node --test
// tests/js/` (tests/pages/test_languages.py runs it under pytest). words.js is a classic
// browser script: it runs here in a context of its own with a page holding the catalogue as
// the template tag embeds it (sessions_app/templatetags/js_words.py).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../static/js/table/words.js", import.meta.url), "utf8");

// words.js run on a page whose embedded catalogue is `catalogue` (none if null).
function page(catalogue) {
  const element = catalogue === null ? null : { textContent: JSON.stringify(catalogue) };
  const context = { document: { getElementById: (id) => (id === "js-words" ? element : null) } };
  vm.createContext(context);
  vm.runInContext(SOURCE, context);
  return context;
}

const FRENCH = page({
  language: "fr",
  catalog: {
    "Saved": "Enregistré",
    "Saving %(n)s line…": ["Enregistrement de %(n)s ligne…", "Enregistrement de %(n)s lignes…"],
    "bridge board (deal)\u0004Board %(number)s": "Donne %(number)s",
    "Untranslated": "",
  },
  formats: { DECIMAL_SEPARATOR: "," },
});

test("a text the catalogue has is its translation", () => {
  assert.equal(FRENCH.gettext("Saved"), "Enregistré");
  assert.equal(FRENCH.pgettext("bridge board (deal)", "Board %(number)s"), "Donne %(number)s");
});

test("a text the catalogue lacks, or leaves empty, is the English", () => {
  assert.equal(FRENCH.gettext("Delete"), "Delete");
  assert.equal(FRENCH.gettext("Untranslated"), "Untranslated");
  assert.equal(FRENCH.pgettext("suit", "clubs"), "clubs");
  assert.equal(FRENCH.ngettext("%(n)s trick", "%(n)s tricks", 1), "%(n)s trick");
  assert.equal(FRENCH.ngettext("%(n)s trick", "%(n)s tricks", 0), "%(n)s tricks");
});

test("a page with no catalogue (English) says the English", () => {
  const english = page(null);
  assert.equal(english.gettext("Saved"), "Saved");
  assert.equal(english.ngettext("Saving %(n)s line…", "Saving %(n)s lines…", 1), "Saving %(n)s line…");
  assert.equal(english.ngettext("Saving %(n)s line…", "Saving %(n)s lines…", 2), "Saving %(n)s lines…");
  assert.equal(english.ngettext("Saving %(n)s line…", "Saving %(n)s lines…", 0), "Saving %(n)s lines…");
});

test("interpolate fills named placeholders, and positional ones", () => {
  const { interpolate } = FRENCH;
  assert.equal(interpolate("Delete the line %(ns)s v %(ew)s, board %(board)s", { ns: 3, ew: 5, board: 7 }, true),
    "Delete the line 3 v 5, board 7");
  assert.equal(interpolate("%(n)s of %(n)s", { n: 2 }, true), "2 of 2");
  assert.equal(interpolate("%s v %s", [3, 5]), "3 v 5");
});

test("the plural form follows the page's language", () => {
  const saving = (n) => FRENCH.interpolate(
    FRENCH.ngettext("Saving %(n)s line…", "Saving %(n)s lines…", n), { n }, true);
  assert.equal(saving(0), "Enregistrement de 0 ligne…"); // French: 0 is singular
  assert.equal(saving(1), "Enregistrement de 1 ligne…");
  assert.equal(saving(2), "Enregistrement de 2 lignes…");
});

test("each language's plural rule", () => {
  const { pluralIndex } = FRENCH.clubscorerWords;
  assert.deepEqual([0, 1, 2].map((n) => pluralIndex("fr", n)), [0, 0, 1]);
  assert.deepEqual([0, 1, 2].map((n) => pluralIndex("en-gb", n)), [1, 0, 1]);
  assert.deepEqual([0, 1, 2].map((n) => pluralIndex("de", n)), [1, 0, 1]);
  assert.deepEqual([0, 1, 2].map((n) => pluralIndex("tr", n)), [0, 0, 1]);
  // Polish (4 forms, locale/pl): 1 | 2-4, 22-24 | 5-21, 25-31, 12-14 | fractions.
  assert.deepEqual([1, 2, 5, 12, 22, 25, 0].map((n) => pluralIndex("pl", n)), [0, 1, 2, 2, 1, 2, 2]);
  assert.equal(pluralIndex("pl", 1.5), 3);
  // Spanish (3 forms, locale/es): 1 | a million, two millions… | the rest.
  assert.deepEqual([1, 2, 0, 1000000].map((n) => pluralIndex("es", n)), [0, 2, 2, 1]);
  assert.equal(pluralIndex("xx", 1), 0); // a language with no rule: English's
});

test("a Polish catalogue gives the form for each count", () => {
  const polish = page({ language: "pl", catalog: { "%(n)s line": ["%(n)s linia", "%(n)s linie", "%(n)s linii", "%(n)s linii"] } });
  const lines = (n) => polish.interpolate(polish.ngettext("%(n)s line", "%(n)s lines", n), { n }, true);
  assert.deepEqual([1, 2, 5, 22, 25].map(lines), ["1 linia", "2 linie", "5 linii", "22 linie", "25 linii"]);
});

test("get_format gives the page's decimal mark, and a format it lacks as its name", () => {
  assert.equal(FRENCH.get_format("DECIMAL_SEPARATOR"), ",");
  assert.equal(page(null).get_format("DECIMAL_SEPARATOR"), ".");
  assert.equal(FRENCH.get_format("THOUSAND_SEPARATOR"), "THOUSAND_SEPARATOR");
});
