// Texts in the player's language, from the same catalogues as the terminal (GET /api/texts/{lang}?game=…).

const cache = new Map();

export function currentLang() {
  const saved = localStorage.getItem("ludo.lang");
  if (saved === "fr" || saved === "en") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";
}

export function setLang(lang) {
  localStorage.setItem("ludo.lang", lang);
}

export async function loadTexts(lang, game = "") {
  const key = `${lang}/${game}`;
  if (!cache.has(key)) {
    const url = `/api/texts/${lang}` + (game ? `?game=${encodeURIComponent(game)}` : "");
    cache.set(key, fetch(url).then((r) => r.json()));
  }
  const messages = await cache.get(key);
  return makeT(messages, lang);
}

// French writes « au tour d'Ada », « plus qu'Yves »: "de {name}" and "que {name}" elide before a field that begins
// with a vowel (not an h: that depends on the word), as the Python catalogue does (engine/i18n.py, elided).
const ELIDED = /\b([Dd]e|[Qq]ue) \{(\w+)\}/g;
const VOWEL = /^[aeiouyàâäéèêëîïôöùûüÿæœ]/i;
export function elided(template, fields) {
  return template.replace(ELIDED, (whole, word, name) =>
    (VOWEL.test(String(fields[name] ?? "")) ? `${word.slice(0, -1)}'{${name}}` : whole));
}

// t("table.clock", {seconds: 5}): the catalogue's text with {fields} filled in (as Python's str.format does
// for plain fields); a missing key shows the key itself, so that a gap is seen rather than hidden.
export function makeT(messages, lang) {
  const t = (key, fields = {}) => {
    let template = messages[key];
    if (template === undefined) return key;
    if (lang === "fr") template = elided(template, fields);
    return template.replace(/\{(\w+)\}/g, (_, name) => (name in fields ? String(fields[name]) : `{${name}}`));
  };
  t.has = (key) => key in messages;
  t.lang = lang;
  // a negative number takes the minus sign (−0,2), not a hyphen
  t.number = (n) => new Intl.NumberFormat(lang === "fr" ? "fr-FR" : "en-GB").format(n).replace(/^-/, "\u2212");
  t.list = (items) => new Intl.ListFormat(lang === "fr" ? "fr" : "en", { type: "conjunction" }).format(items);
  return t;
}

// Fill every element with data-text="key" (the page's fixed texts).
export function translatePage(root, t) {
  for (const el of root.querySelectorAll("[data-text]")) el.textContent = t(el.dataset.text);
}
