// The first script of a pre-rendered app page (the sign-in pages and the dashboard's frame:
// apps/web/scripts/prerender.mjs links it in <head>, a classic script, so it runs before the HTML
// paints; the CSP forbids inline script). It starts the app (src/main.tsx, which takes the HTML
// over: src/app/take-over.ts) when the visitor first reaches for the page (the dashboard: once
// painted), keeps the HTML from showing what this visitor must not see, and from being sent
// before the app has it.
(() => {
  const html = document.documentElement;
  const page = html.dataset.prerendered;
  if (!page) return;

  // The app's files are fetched into the cache once the page has loaded (before, they would hold
  // back its first paint on a slow line; as modulepreload, the browser would compile them at once),
  // and run only when needed: a phone's first seconds carry no script work, as on the landing page.
  const linkAppFiles = (rel) => {
    for (const file of html.dataset.appFiles.split(' ')) {
      const link = document.createElement('link');
      link.rel = rel;
      link.href = file;
      document.head.append(link);
    }
  };
  const afterPaint = html.dataset.prerenderStart === 'painted';
  let preloaded = afterPaint;
  const preload = () => {
    if (preloaded) return;
    preloaded = true;
    linkAppFiles('prefetch');
  };
  if (document.readyState === 'complete') preload();
  else addEventListener('load', preload, { once: true });

  const USE = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    preload();
    import(html.dataset.appEntry).then(
      () => {
        for (const type of USE) document.removeEventListener(type, start, true);
      },
      () => {
        started = false; // the next sign of use tries again
      },
    );
  };

  // The app's own choice of language (src/lib/language-choice.ts storedLanguage) and session.
  let stored;
  let signedIn = false;
  try {
    stored = localStorage.getItem('lang');
    signedIn = Boolean(localStorage.getItem('auth_token'));
  } catch {
    // Storage refused (private modes): the cookie may still name the language.
  }
  stored ??= /(?:^|; )lang=([^;]*)/.exec(document.cookie)?.[1];
  const language = stored === 'en' ? 'en' : 'ar';
  const staleWhen = html.dataset.prerenderStaleWhen;
  // Hidden (index.css) until the app renders the page this visitor gets: the other language's,
  // the dashboard a signed-in person is sent to, a reset link's new password form.
  if (
    location.pathname !== page ||
    language !== html.dataset.prerenderLanguage ||
    (staleWhen === 'signed-in' && signedIn) ||
    (staleWhen === 'hash' && location.hash.length > 1) ||
    (staleWhen === 'signed-out' && !signedIn)
  ) {
    html.dataset.prerenderStale = '';
    start();
    return;
  }
  if (afterPaint) {
    // A page of data (the dashboard): the app starts as soon as the HTML's first paint is on
    // screen (the browser's first-contentful-paint entry), its files fetched at once and in
    // parallel. Requested before that, on a slow line they would hold the paint back.
    let begun = false;
    const begin = () => {
      if (begun) return;
      begun = true;
      linkAppFiles('modulepreload');
      import(html.dataset.appEntry);
    };
    try {
      new PerformanceObserver((entries, observer) => {
        if (!entries.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        begin();
      }).observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing in this browser: the load event starts it.
    }
    // A tab opened in the background paints nothing until shown.
    addEventListener('load', () => document.visibilityState === 'hidden' && begin(), {
      once: true,
    });
    return;
  }
  for (const type of USE) document.addEventListener(type, start, { capture: true, passive: true });

  // Until the app has the page, a press on one of its buttons (a form's submit among them: the
  // Enter key presses it too) is held, and pressed again once the app answers; a form is never
  // sent by the browser itself (its fields would land in the address).
  const early = (event) =>
    html.dataset.prerendered !== undefined &&
    event.target instanceof Element &&
    event.target.closest('#root');
  document.addEventListener(
    'click',
    (event) => {
      const control = early(event) && event.target.closest('button, input[type="submit"]');
      if (!control) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      control.setAttribute('data-pressed-early', '');
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      if (!early(event)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      event.target.setAttribute('data-sent-early', '');
    },
    true,
  );
})();
