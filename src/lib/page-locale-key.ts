/**
 * Where the page states its locale for react-aria: the `window` key its server-side helper
 * sets. With it react-aria does not ask Intl for the browser's locale list as its modules load.
 * react-aria reads it, and with our patch skips its locale check when it is set
 * (patches/README.md); the app writes it (src/lib/locale.ts).
 */
export const PAGE_LOCALE = Symbol.for('react-aria.i18n.locale')
