/**
 * What the layout needs to know about the session. The layout does not read the session
 * itself (features never import each other): the route composing it passes this in.
 */
export type SessionView =
  { status: 'undetermined' } | { status: 'loggedOut' } | { status: 'loggedIn'; displayName: string }
