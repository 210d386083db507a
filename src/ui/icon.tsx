/**
 * Our own small line icons (24x24, stroke = currentColor). Decorative: the text or the
 * accessible name next to them says what they mean, so they are hidden from assistive tech.
 */
const paths = {
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
  chevronDown: 'M6 9l6 6 6-6',
  arrowUp: 'M12 19V5M5 12l7-7 7 7',
  globe:
    'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3.6 9h16.8M3.6 15h16.8M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3',
  chat: 'M4 5h16v11H9l-5 4zM8 10h.01M12 10h.01M16 10h.01',
  user: 'M12 12a4 4 0 1 0 0-8a4 4 0 0 0 0 8M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5',
  login: 'M10 17l5-5-5-5M15 12H3M14 4h5a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-5',
  register:
    'M10 12a4 4 0 1 0 0-8a4 4 0 0 0 0 8M3 20c1.3-3.3 3.8-5 7-5 1.2 0 2.3.2 3.2.7M18 14v6M15 17h6',
  logout: 'M15 17l5-5-5-5M20 12H9M10 4H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h5',
  key: 'M14 10a4 4 0 1 0-3.5 4L9 15.5V18H6.5v2.5H4V18l6-6M15.5 7.5h.01',
  deposit: 'M12 4v10M8 10l4 4 4-4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3',
  withdraw: 'M12 14V4M8 8l4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3',
  gift: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3.5-5-1s5 1 5 1c1.5-3 5-3.5 5-1s-5 1-5 1',
  bank: 'M3 10l9-6 9 6M5 10v8M9.7 10v8M14.3 10v8M19 10v8M3 20h18',
  history: 'M4 12a8 8 0 1 0 2.4-5.7M4 4v4h4M12 8v4l3 2',
  game: 'M7 8h10a4 4 0 0 1 4 4v1a3 3 0 0 1-5.4 1.8L14.5 13h-5l-1.1 1.8A3 3 0 0 1 3 13v-1a4 4 0 0 1 4-4M8 10.5v3M6.5 12h3M15.5 11h.01M17.5 13h.01',
  home: 'M4 11l8-7 8 7M6 9.5V20h12V9.5M10 20v-5h4v5',
  send: 'M21 4L3 11l7 2 2 7zM10 13l5-5',
  phone:
    'M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a1 1 0 0 1-1 1C11 20 4 13 4 5a1 1 0 0 1 1-1',
  thumb:
    'M7 11v9H4v-9zM7 11l4-7c1.5 0 2.5 1 2.2 2.5L12.7 10H19a1.5 1.5 0 0 1 1.5 1.8l-1.4 6.6A2 2 0 0 1 17.2 20H7',
  bird: 'M4 18c5 1 10-1 12-6l4-5-3 .5C15.5 5 12.5 5.5 11.5 8 8 8 6 6 5 5c-1 4 1 6.5 3 7.5-1.5.5-2.5.2-3.5 0 .5 1.7 2 2.7 3.5 3-1.2 1-2.8 1.6-4 2.5',
  bubble:
    'M12 4c5 0 9 3.1 9 7s-4 7-9 7c-.7 0-1.4 0-2-.2L6 20v-3.6C4.1 15.1 3 13.1 3 11c0-3.9 4-7 9-7',
  info: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 11v5M12 8h.01',
  refresh: 'M20 12a8 8 0 1 1-2.3-5.7M20 4v4h-4',
  offline:
    'M3 3l18 18M9 16.5a4 4 0 0 1 6 0M5.5 12.5a9 9 0 0 1 4-2.3M18.5 12.5a9 9 0 0 0-2.3-1.7M2 8.8a14 14 0 0 1 4.5-2.6M22 8.8A14 14 0 0 0 11 5.1M12 20h.01',
} as const

export type IconName = keyof typeof paths

type IconProps = { name: IconName; className?: string }

export function Icon({ name, className = 'size-5' }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={`shrink-0 ${className}`}
    >
      <path d={paths[name]} />
    </svg>
  )
}
