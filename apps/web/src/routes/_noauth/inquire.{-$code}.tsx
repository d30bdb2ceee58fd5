import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { InquiryForm } from '../../features/leads/components/inquiry-form.tsx';
import { useT } from '../../lib/i18n.ts';

const flags = {};

/** /inquire/{code?}: the lead form; the code is an agent's or a referral code, kept as typed (docs/public-pages.md). */
export const Route = createFileRoute('/_noauth/inquire/{-$code}')({
  staticData: { flags, layout: 'no-auth' },
  component: Page,
});

function Page() {
  const t = useT();
  const { code } = Route.useParams();
  return (
    <PageFrame title={t('app.page.inquire')} description={t('app.page.inquire-text')}>
      <InquiryForm code={code} />
    </PageFrame>
  );
}
