import './index.css';

// The landing page's HTML is pre-rendered (src/prerender): the browser paints it first, and the
// app (React, the router, the texts) is fetched and takes the HTML over right after that paint.
// Every other path starts the app at once. The stylesheet stays in the HTML (imported here).
const start = () => void import('./main.tsx');
if (document.getElementById('root')?.firstElementChild) {
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
