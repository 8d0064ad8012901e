import type { Plugin } from 'vite';

const STYLESHEET = /<link rel="stylesheet"[^>]*>\s*/g;

/**
 * Puts the page's stylesheets ahead of its scripts in index.html's head. Vite writes them after the
 * module scripts and their preloads; the browser then asks for two dozen scripts before the styles
 * the first paint waits for, and on a slow phone connection (six connections per host) the styles
 * and the hero picture queue behind them.
 */
export function stylesFirst(): Plugin {
  return {
    name: 'sparkhouse-styles-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const head = html.slice(0, html.indexOf('</head>'));
        const styles = head.match(STYLESHEET) ?? [];
        const firstScript = head.indexOf('<script');
        if (styles.length === 0 || firstScript < 0) return html;
        const withoutStyles = head.replace(STYLESHEET, '');
        const at = withoutStyles.indexOf('<script');
        return (
          withoutStyles.slice(0, at) +
          styles.map((s) => s.trim()).join('\n    ') +
          '\n    ' +
          withoutStyles.slice(at) +
          html.slice(head.length)
        );
      },
    },
  };
}
