import { lazyNamed } from '../../lib/lazy-named';

/** member-chrome.tsx's parts, fetched once someone is signed in. */
const loadMemberChrome = () => import('./member-chrome');

export const MemberNavLinks = lazyNamed(loadMemberChrome, 'MemberNavLinks');
export const MemberTools = lazyNamed(loadMemberChrome, 'MemberTools');
export const MemberLiveEvents = lazyNamed(loadMemberChrome, 'MemberLiveEvents');
