// antd's stylesheet for our theme, made at build time (antd-static-style.ts), before our own rules:
// index.html links them, so they block the first paint as before, and only them.
import 'virtual:antd.css';
import './styles.css';

/**
 * index.html's entry (decision 0103): the app's code (main.tsx, preloaded by index.html beside this
 * file) runs after the first frame, so the splash index.html shows is painted before the seconds of
 * script evaluation on a slow phone, even when the code arrives as fast as the stylesheet. In a
 * hidden tab no frame comes: the app starts at once.
 */
const start = () => void import('../main');
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
