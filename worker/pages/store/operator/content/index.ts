import { Hono } from 'hono'
import type { AppEnv } from '../../../../env.ts'
import { contentForm, contentFormPage, contentListPage, deleteRedirectForm } from './pages.tsx'

/**
 * The operator console's content (ADR 027), at /store/operator/content: the list, and a form per
 * question, content page and redirect (`/new` adds one); a redirect also has its delete form.
 */
export const contentPages = new Hono<AppEnv>()

contentPages.get('/', contentListPage)
contentPages.get('/faqs/:id', contentFormPage('faq'))
contentPages.post('/faqs/:id', contentForm('faq'))
contentPages.get('/pages/:id', contentFormPage('page'))
contentPages.post('/pages/:id', contentForm('page'))
contentPages.get('/redirects/:id', contentFormPage('redirect'))
contentPages.post('/redirects/:id', contentForm('redirect'))
contentPages.post('/redirects/:id/delete', deleteRedirectForm)
