// antd's stylesheet for our theme, made at build time (antd-static-style.ts), before our own rules:
// index.html preloads them (first-paint-plugin.ts); applyStylesheets puts them on the page.
import 'virtual:antd.css';
import './styles.css';
import { afterPaint } from '../ui/afterPaint';
import { startPage } from './earlyPage';
import { applyStylesheets } from './stylesheets';

/**
 * index.html's entry (decision 0103): the app's code (main.tsx, preloaded by index.html beside this
 * file) runs after the first frame, so the splash index.html shows is painted before the seconds of
 * script evaluation on a slow phone, even when the code arrives as fast as the stylesheet. In a
 * hidden tab no frame comes: the app starts at once.
 */
const start = () => void import('../main');
// A report's answers and code start now, beside the app's, not once it runs (decision 0110). The
// entry is async in index.html for this: a deferred script would wait for the stylesheet.
startPage(location.pathname);
// The stylesheets' links are in the head, parsed by now (see below); the app draws nothing unstyled.
const later = () => void Promise.all([afterPaint(), applyStylesheets(document)]).then(start);
// An async script may run before the page is parsed (a cached one): main.tsx needs #root.
if (document.readyState === 'loading') addEventListener('DOMContentLoaded', later, { once: true });
else later();
