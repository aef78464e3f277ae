/* Starts the page named by <body data-page>: a file, not an inline script, so the
   Content-Security-Policy can refuse every inline script (docs/serve.md). */
window.Railprint[document.body.dataset.page]();
