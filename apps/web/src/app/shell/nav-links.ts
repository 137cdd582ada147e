import type { MantineColor } from '@mantine/core';

export interface NavLink {
  label: string;
  to: string;
  /** Needs a signed-in user: a signed-out click stores the target and goes to /login (spec 01 §2). */
  auth?: boolean;
}

export interface PortalMenu {
  label: string;
  color: MantineColor;
  links: NavLink[];
}

/** spec 01 §2 and spec 02 §2: the four portal dropdowns of the top bar (and the hamburger menu). */
export const PORTAL_MENUS: PortalMenu[] = [
  {
    label: 'Inquiry Space',
    color: 'blue',
    links: [
      { label: 'Inquiry Space home', to: '/questions' },
      { label: 'Answer Question', to: '/questions' },
      { label: 'Ask Question', to: '/ask-question', auth: true },
      { label: 'My Wallet', to: '/wallet', auth: true },
      { label: 'About Inquiry Space', to: '/question-portal-info' },
    ],
  },
  {
    label: 'Innovators Space',
    color: 'grape',
    links: [
      { label: 'Innovators Space home', to: '/ideas' },
      { label: 'Discover Ideas', to: '/ideas' },
      { label: 'My Ideas', to: '/my-ideas', auth: true },
      { label: 'Share Idea', to: '/share-idea', auth: true },
      { label: 'Followers & Following', to: '/followers', auth: true },
      { label: 'About Innovators Space', to: '/ideas-portal-info' },
    ],
  },
  {
    label: 'Hackathons',
    color: 'green',
    links: [
      { label: 'Hackathons home', to: '/hackathons' },
      { label: 'Conduct Hackathon', to: '/conduct-hackathon' },
      { label: 'My Hackathons', to: '/my-hackathons', auth: true },
      { label: 'About Hackathons', to: '/hackathon-portal-info' },
    ],
  },
  {
    label: 'Jobs Hub',
    color: 'amber',
    links: [
      { label: 'Jobs Hub home', to: '/jobhubs' },
      { label: 'Post a Job', to: '/create-job' },
      { label: 'My Jobs', to: '/my-jobs', auth: true },
      { label: 'My Applications', to: '/my-applications', auth: true },
      { label: 'About Jobs Hub', to: '/jobhubs-portal-info' },
    ],
  },
];

/** spec 01 §2: the avatar menu of a signed-in user (Logout is a separate button below these). */
export const USER_MENU_LINKS: NavLink[] = [
  { label: 'My Questions', to: '/questioner-portal' },
  { label: 'My Answers', to: '/questions?tab=answered' },
  { label: 'My Wallet', to: '/wallet' },
  { label: 'My Ideas', to: '/my-ideas' },
  { label: 'Hidden Ideas', to: '/hidden-ideas' },
  { label: 'My Hackathons', to: '/my-hackathons' },
  // Job posters follow their postings (pending, rejected with the reason) from here too.
  { label: 'My Jobs', to: '/my-jobs' },
  { label: 'My Applications', to: '/my-applications' },
  { label: 'My Profile', to: '/profile' },
];

/** spec 01 §2: the account side panel's links (signed in; Logout follows them). */
export const PANEL_LINKS: NavLink[] = [
  { label: 'My Profile', to: '/profile' },
  { label: 'My Wallet', to: '/wallet' },
  { label: 'My Ideas', to: '/my-ideas' },
  { label: 'Hidden Ideas', to: '/hidden-ideas' },
  { label: 'My Hackathons', to: '/my-hackathons' },
  { label: 'My Jobs', to: '/my-jobs' },
  { label: 'My Applications', to: '/my-applications' },
  { label: 'Contact', to: '/contact' },
];

/** spec 01 §2 / 03 §2 footer. Privacy Policy and Help Center have no route of their own in the spec. */
export const FOOTER_QUICK_LINKS: NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Upload Idea', to: '/upload' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
  { label: 'Careers', to: '/careers' },
];
export const FOOTER_CATEGORIES = [
  'Technology',
  'Sustainability',
  'Health & Wellness',
  'Education',
  'Social Impact',
] as const;
export const FOOTER_LEGAL_LINKS: NavLink[] = [
  { label: 'Privacy Policy', to: '/terms#privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Help Center', to: '/contact' },
];

/** spec 02 §2: an idea search box appears only on /idea/{id} and /hidden-ideas. */
export function showsIdeaSearch(pathname: string): boolean {
  return /^\/(idea\/[^/]+|hidden-ideas)\/?$/.test(pathname);
}
