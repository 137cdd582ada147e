import { CATEGORY_FOLLOW_TEXT, QUESTION_CATEGORIES, type QuestionCategory } from '@agora/shared';
import { type ComposedMail, composeMail, heading, items, mailTemplate, p } from '../../lib/mail-template.js';

/** The daily digest: the new questions in the categories a user follows, by category. */
export const categoryDigestMail = mailTemplate<{
  publicUrl: string;
  questions: Array<{ id: string; title: string; category: string }>;
}>({
  kind: 'category-digest',
  stream: 'digest',
  render: (d) => {
    // In the shared list's order.
    const categories = QUESTION_CATEGORIES.filter((c: QuestionCategory) =>
      d.questions.some((q) => q.category === c),
    );
    return {
      subject: CATEGORY_FOLLOW_TEXT.digestSubject(d.questions.length),
      blocks: [
        p('New questions in the categories you follow on Agora:'),
        ...categories.flatMap((c) => [
          heading(c),
          items(
            d.questions
              .filter((q) => q.category === c)
              .map((q) => ({ title: q.title, href: `${d.publicUrl}/question/${q.id}` })),
          ),
        ]),
      ],
      reason: 'You get this e-mail because you turned on the daily digest of the categories you follow.',
    };
  },
});

/** The digest e-mail of one user, with the one-click unsubscribe of the digest. */
export function digestMail(
  to: string,
  questions: Array<{ id: string; title: string; category: string }>,
  links: { publicUrl: string; unsubscribe: string },
): ComposedMail {
  return composeMail(categoryDigestMail, { publicUrl: links.publicUrl, questions }, to, {
    unsubscribe: { url: links.unsubscribe, label: 'Unsubscribe from this digest' },
    manage: { url: `${links.publicUrl}/profile`, label: 'Your followed categories' },
  });
}
