import { createFileRoute } from '@tanstack/react-router';
import { PageFrame } from '../../components/ui/page-frame.tsx';
import { InquiryForm } from '../../features/leads/components/inquiry-form.tsx';

const flags = {};

/** /inquire/{code?}: the lead form; the code is an agent's or a referral code, kept as typed (docs/public-pages.md). */
export const Route = createFileRoute('/_noauth/inquire/{-$code}')({
  staticData: { flags, layout: 'no-auth' },
  component: Page,
});

function Page() {
  const { code } = Route.useParams();
  return (
    <PageFrame title="Ask about a home" description="Tell us what you are looking for and the sales team will get back to you.">
      <InquiryForm code={code} />
    </PageFrame>
  );
}
