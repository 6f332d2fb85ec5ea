"""The phones' JSON API, the table screen and its service worker, the codes page, the
console."""
