import type { OperatorRouteCase } from './case.ts'

const C = '/staff/operator/content'

/**
 * The content area's operator routes, for the cross-business sweep. Things hold no FAQ, page or
 * redirect: saves name the business's brand instead, and the content tests try another
 * business's page and redirect ids.
 */
export const CONTENT_CASES: ReadonlyArray<OperatorRouteCase> = [
  { path: `${C}/faqs/list`, body: () => ({}), namesThings: false },
  {
    path: `${C}/faqs/save`,
    body: (t) => ({ brandId: t.brandId, section: 'Sweep', question: 'Who?', answer: 'Us.' }),
    namesThings: true,
  },
  { path: `${C}/pages/list`, body: () => ({}), namesThings: false },
  { path: `${C}/pages/get`, body: () => ({ pageId: 1 }), namesThings: false },
  {
    path: `${C}/pages/save`,
    body: (t) => ({ brandId: t.brandId, slug: 'sweep-page', title: 'Sweep', body: '# Hi' }),
    namesThings: true,
  },
  { path: `${C}/redirects/list`, body: () => ({}), namesThings: false },
  {
    path: `${C}/redirects/save`,
    body: () => ({ fromPath: '/sweep-old', toPath: '/stores' }),
    namesThings: false,
  },
  { path: `${C}/redirects/delete`, body: () => ({ redirectId: 1 }), namesThings: false },
]
