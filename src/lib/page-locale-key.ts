/**
 * Where the page states its locale for react-aria: the `window` key its server-side helper
 * sets. With it react-aria does not ask Intl for the browser's locale list as its modules load.
 * A module without imports, so the build's edit of react-aria
 * (config/intl-checks-on-use.ts) reads the same key the app writes (src/lib/locale.ts).
 */
export const PAGE_LOCALE = Symbol.for('react-aria.i18n.locale')
