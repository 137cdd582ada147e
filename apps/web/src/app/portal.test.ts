import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routePortal } from './portal';
import { routes } from './router';
import { activePortalFor } from './shell/active-portal';
import { brandColorFor, footerAccentFor } from './theme';

const portalAt = (path: string) =>
  routePortal((matchRoutes(routes, path) ?? []).map((m) => ({ handle: m.route.handle })));

describe('portal of a screen (route handles)', () => {
  it('puts each area in its portal, and the pages of other areas that name one', () => {
    const expected: Record<string, string | null> = {
      '/questions': 'inquiry',
      '/question/q1': 'inquiry',
      '/ask-question': 'inquiry',
      '/questioner-portal': 'inquiry',
      '/wallet': 'inquiry',
      '/question/q1/rewards': 'inquiry',
      '/question-portal-info': 'inquiry',
      '/ideas': 'ideas',
      '/idea/i1': 'ideas',
      '/my-ideas': 'ideas',
      '/hidden-ideas': 'ideas',
      '/followers': 'ideas',
      '/share-idea': 'ideas',
      '/upload': 'ideas',
      '/ideas-portal-info': 'ideas',
      '/jobhubs': 'jobs',
      '/job/j1': 'jobs',
      '/job/j1/edit': 'jobs',
      '/create-job': 'jobs',
      '/my-jobs': 'jobs',
      '/my-jobs/j1/applicants': 'jobs',
      '/my-applications': 'jobs',
      '/jobhubs-portal-info': 'jobs',
      '/hackathons': 'hackathons',
      '/hackathon/h1': 'hackathons',
      '/hackathon/h1/judge': 'hackathons',
      '/conduct-hackathon': 'hackathons',
      '/my-hackathons': 'hackathons',
      '/hackathon-portal-info': 'hackathons',
      '/': null,
      '/portals': null,
      '/profile': null,
      '/referrals': null,
      '/organizations': null,
      '/admin-portal': null,
      '/events-portal-info': null,
      // A page that does not exist belongs to no portal, whatever its path starts with.
      '/ideas-and-more': null,
    };
    const actual = Object.fromEntries(Object.keys(expected).map((p) => [p, portalAt(p)]));
    expect(actual).toEqual(expected);
  });

  it('gives each portal its colour, menu and footer accent (spec 01 §2, 03 §2)', () => {
    expect(brandColorFor(portalAt('/questions'))).toBe('blue');
    expect(brandColorFor(portalAt('/idea/i1'))).toBe('grape');
    expect(brandColorFor(portalAt('/my-applications'))).toBe('amber');
    expect(brandColorFor(portalAt('/hackathon/h1'))).toBe('green');
    expect(brandColorFor(portalAt('/profile'))).toBe('blue');
    expect(activePortalFor(portalAt('/wallet'))).toBe('Inquiry Space');
    expect(activePortalFor(portalAt('/upload'))).toBe('Innovators Space');
    expect(activePortalFor(portalAt('/my-applications'))).toBe('Jobs Hub');
    expect(activePortalFor(portalAt('/my-hackathons'))).toBe('Hackathons');
    expect(activePortalFor(portalAt('/profile'))).toBeNull();
    expect(footerAccentFor(portalAt('/questions'))).toBe('teal');
    expect(footerAccentFor(portalAt('/profile'))).toBe('teal');
    expect(footerAccentFor(portalAt('/jobhubs'))).toBe('amber');
  });
});
