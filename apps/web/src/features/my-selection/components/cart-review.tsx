import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adjustmentLabel,
  depositOf,
  describeMissing,
  effectiveStatus,
  pricedSnapshot,
  hasFeature,
  groupCartLines,
  missingRequired,
  type CatalogueView,
  type CategoryDocument,
  type OptionDocument,
  cartActionWord,
  cartStatusWord,
  type EffectiveStatus,
  changeOrderNumber,
  formatList,
} from '@decor/core';
import { api, ApiError } from '../../../lib/api-client.ts';
import { myCartsQuery } from '../../../lib/cart-summary.ts';
import { cartQuery, type Cart } from '../../../lib/cart-query.ts';
import { useCatalogue } from '../../../lib/catalogue.ts';
import { useProject } from '../../../lib/project.ts';
import { useDates } from '../../../lib/use-dates.ts';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { useManagesCurrentProject } from '../../../lib/my-projects.ts';
import { CartActions } from './cart-actions.tsx';
import { CartAlternatives } from './cart-alternatives.tsx';
import { RoomLineCards } from '../../../components/selection/room-lines.tsx';
import { DecisionNotice } from '../../../components/selection/decision-notice.tsx';
import { ChangeOrderSummary } from '../../../components/selection/change-order-summary.tsx';
import { CartNotes } from './cart-notes.tsx';
import { CoBuyerInvite } from './co-buyer-invite.tsx';
import { meQuery } from '../../../lib/session.ts';
import { BuyerAccess } from '../../../components/selection/buyer-access.tsx';
import { PriceChangeNotice } from '../../../components/ui/price-change-notice.tsx';
import { useMoney } from '../../../lib/use-money.ts';
import { useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';

type ReviewOption = OptionDocument;
type ReviewCategory = CategoryDocument;

/** `/config/{cartId?}`: the selection by room and category with prices, totals, timeline, and the signed submission. */
/** A package's price adjustment by its id. */
function usePackageAdjustment(packages: ReadonlyArray<{ _id: string; priceAdjustment: number }>) {
  return useMemo(() => {
    const byId = new Map(packages.map((p) => [p._id, p.priceAdjustment]));
    return (id: string) => byId.get(id);
  }, [packages]);
}

/** Fit my budget opens on the configurator, where its proposal is taken (docs/fit-my-budget.md). */
function FitBudgetLink() {
  const t = useT();
  const { data: project } = useProject();
  if (!hasFeature(project?.features, 'fitBudget')) return null;
  return (
    <LinkButton to="/configure" search={{ fit: 1 }} variant="light" size="compact-sm" w="fit-content" mt="xs">
      {t('app.fit.button')}
    </LinkButton>
  );
}

export function CartReview({ cartId }: { cartId?: string }) {
  const { data: project } = useProject();
  // The buyer's own carts: which one to show without an id, and the plan's rooms of this one.
  const mine = useQuery(myCartsQuery);
  const id = cartId ?? mine.data?.[0]?._id;
  const cart = useQuery(cartQuery(id));
  const options = useCatalogue<ReviewOption>('options');
  const categories = useCatalogue<ReviewCategory>('categories');
  const packages = useCatalogue<{ _id: string; name: string; priceAdjustment: number }>('packages');
  const t = useT();

  if (!cartId) {
    const isNotMember = mine.error instanceof ApiError && mine.error.code === 'forbidden';
    const hasNoCart = mine.isSuccess && !mine.data.length;
    if (isNotMember || hasNoCart || mine.isError)
      return (
        <BuyerAccess
          isNotMember={isNotMember}
          hasNoCart={hasNoCart}
          isError={mine.isError}
          error={mine.error}
          retry={() => mine.refetch()}
          what={t('app.configure.your-selection')}
        />
      );
  }
  if (cart.isError)
    return (
      <Alert color="red">{cart.error instanceof ApiError ? cart.error.message : t('app.review.not-loaded')}</Alert>
    );
  if (!project || !cart.data || !options.data || !categories.data) return <Skeleton h={320} radius="md" />;
  const planRooms = mine.data?.find((summary) => summary._id === cart.data._id)?.plan?.rooms ?? null;
  return (
    <Review
      cart={cart.data}
      options={options.data}
      categories={categories.data}
      packages={packages.data ?? []}
      planRooms={planRooms}
    />
  );
}

function Review({
  cart,
  options,
  categories,
  packages,
  planRooms,
}: {
  cart: Cart;
  options: ReviewOption[];
  categories: ReviewCategory[];
  packages: Array<{ _id: string; name: string; priceAdjustment: number }>;
  planRooms: string[] | null;
}) {
  const { data: project } = useProject();
  const dates = useDates();
  const money = useMoney();
  const t = useT();
  const optionById = useMemo(() => new Map(options.map((o) => [o._id, o])), [options]);
  const categoryById = useMemo(() => new Map(categories.map((c) => [c._id, c])), [categories]);
  const status = effectiveStatus(cart, new Date());
  const lacking = missingRequired(cart.selections, { options: optionById, categories: categoryById, planRooms });
  const missing = describeMissing(lacking, (room) => project!.rooms.find((r) => r._id === room)?.name);
  const depositPercent = typeof project!.options.depositPercent === 'number' ? project!.options.depositPercent : 0;

  const view: CatalogueView = useMemo(
    () => ({ rooms: project!.rooms, options: optionById, categories: categoryById, say: t }),
    [project, optionById, categoryById, t],
  );
  const groups = useMemo(() => groupCartLines(cart.selections, view), [cart.selections, view]);
  const packageAdjustment = usePackageAdjustment(packages);
  const managesProject = useManagesCurrentProject();
  const { data: me } = useQuery(meQuery);
  // The lines under the choices: what was signed once signed, else today's (the package's saving, change fees),
  // from the one function every view of a cart uses, so that they add up to the total shown.
  const adjustments = useMemo(() => {
    if (cart.signature?.adjustments && status !== 'draft') return cart.signature.adjustments;
    const pkg = packages.find((p) => p._id === cart.package);
    return pricedSnapshot({
      selections: cart.selections,
      priceOf: (id) => optionById.get(id)?.price,
      packageAdjustment: pkg?.priceAdjustment ?? 0,
      packageName: pkg?.name ?? t('app.review.package'),
      fees: cart.fees ?? [],
    }).adjustments;
  }, [cart, status, packages, optionById, t]);

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between">
        <Badge size="lg" variant="light" data-testid="review-status">
          {cartStatusWord(status, 'buyer', t)}
        </Badge>
        {changeOrderNumber(cart.revision) && (
          <Text c="dimmed">{t('app.review.change-order', { number: changeOrderNumber(cart.revision)! })}</Text>
        )}
      </Group>
      <DecisionNotice
        status={status}
        history={cart.history ?? []}
        revision={cart.revision ?? 1}
        deadline={cart.deadline}
        contact={project!.options.contact}
        money={money}
        dates={dates}
        reviewDays={project!.options.reviewDays}
      />
      {status === 'draft' && <PriceChangeNotice changes={cart.priceChanges ?? []} money={money} />}
      <ChangeOrderSummary
        cartId={cart._id}
        version={cart._version}
        revision={cart.revision ?? 1}
        money={money}
        dateTime={dates.dateTime}
      />
      <CartActions
        cartId={cart._id}
        canPrintWithoutPrices={managesProject}
        canShare={hasFeature(project!.features, 'shareLinks')}
      />
      {groups.length === 0 && <Text c="dimmed">{t('app.review.nothing')}</Text>}
      <RoomLineCards groups={groups} money={money} lineTestId="review-line" headingOrder={2} />
      <Card withBorder radius="md" padding="md">
        {adjustments.map((adjustment) => (
          <Group key={adjustment.label} justify="space-between" data-testid="review-adjustment">
            <Text>{adjustmentLabel(adjustment, t)}</Text>
            <Text>{adjustment.amount < 0 ? `−${money(-adjustment.amount)}` : money(adjustment.amount)}</Text>
          </Group>
        ))}
        <Group justify="space-between">
          <Text fw={600}>{t('app.configure.upgrades-total')}</Text>
          <Text fw={700} fz="xl" data-testid="review-total">
            {money(cart.total)}
          </Text>
        </Group>
        {status === 'draft' && <FitBudgetLink />}
        {depositPercent > 0 && (
          <Group justify="space-between">
            <Text c="dimmed">{t('app.review.deposit', { percent: depositPercent })}</Text>
            <Text>{money(depositOf(cart.total, depositPercent))}</Text>
          </Group>
        )}
        {(status === 'draft' || cart.notes) && (
          <>
            <Divider my="sm" />
            <CartNotes cart={cart} isOpen={status === 'draft'} />
          </>
        )}
      </Card>
      {(cart.history?.length ?? 0) > 0 && <CartHistory history={cart.history!} />}
      <CartAlternatives
        cart={cart}
        view={view}
        packageAdjustment={packageAdjustment}
        money={money}
        isOpen={status === 'draft'}
        canSave={hasFeature(project!.features, 'alternatives')}
      />
      {status === 'draft' && <SubmitSection cart={cart} missing={missing} missingCount={lacking.length} />}
      {me && cart.owner === me._id && <CoBuyerInvite cartId={cart._id} />}
      {cart.signature && status !== 'draft' && (
        <Text size="sm" c="dimmed" data-testid="signed-by">
          {t('app.review.signed-by', { name: cart.signature.name, date: dates.dateTime(cart.signature.signedAt) })}
        </Text>
      )}
    </Stack>
  );
}

/** The cart's status changes, newest last, with who and when (the design centre's comments too). */
function CartHistory({ history }: { history: NonNullable<Cart['history']> }) {
  const dates = useDates();
  const t = useT();
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} fz="md" mb="sm">
        {t('app.review.history')}
      </Title>
      <Timeline bulletSize={14} lineWidth={2} active={history.length}>
        {history.map((entry) => (
          <Timeline.Item
            key={entry.at}
            title={
              entry.action
                ? cartActionWord(entry.action, t)
                : ['draft', 'submitted', 'approved', 'locked'].includes(entry.status)
                  ? cartStatusWord(entry.status as EffectiveStatus, 'buyer', t)
                  : entry.status
            }
          >
            <Text size="xs" c="dimmed">
              {dates.dateTime(entry.at)}
              {entry.byName ? ` · ${entry.byName}` : ''}
            </Text>
            {entry.comment && <Text size="sm">{entry.comment}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}

/** Sign and submit: the buyer agrees to the total and types their name; what is still missing is named first. */
function SubmitSection({ cart, missing, missingCount }: { cart: Cart; missing: string[]; missingCount: number }) {
  const queryClient = useQueryClient();
  const money = useMoney();
  const t = useT();
  const dates = useDates();
  const { locale } = useLanguage();
  const { data: project } = useProject();
  const { data: me } = useQuery(meQuery);
  const everyBuyer = project?.options.signing === 'every';
  const signatures = cart.signatures ?? [];
  const mine = signatures.find((s) => s.by === me?._id);
  const [isAgreed, setAgreed] = useState(false);
  const [signature, setSignature] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const submit = async () => {
    setSubmitting(true);
    setError(null);
    try {
      // The version reviewed here: if a price or a choice changed since, the server refuses and we show the new one.
      await api(`/api/carts/${cart._id}/submit`, {
        method: 'POST',
        body: { signature: signature.trim(), agree: isAgreed, _version: cart._version },
      });
      await queryClient.invalidateQueries({ queryKey: cartQuery(cart._id).queryKey });
      await queryClient.invalidateQueries({ queryKey: ['carts', 'mine'] });
      // The signature records what the selection owes: its payments (another feature's answer) are new too.
      await queryClient.invalidateQueries({ queryKey: ['payments', cart._id] });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('app.review.submit-failed'));
      if (caught instanceof ApiError && caught.code === 'conflict') {
        setAgreed(false);
        await queryClient.invalidateQueries({ queryKey: cartQuery(cart._id).queryKey });
        await queryClient.invalidateQueries({ queryKey: ['carts', 'mine'] });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="submit-section">
      <Title order={3} fz="md" mb="xs">
        {t('app.review.submit-title')}
      </Title>
      {everyBuyer && (
        <Stack gap={4} mb="sm" data-testid="signatures-so-far">
          <Text size="sm" c="dimmed">
            {t('app.review.every-buyer')}
          </Text>
          {signatures
            .filter((s) => s !== mine)
            .map((s) => (
              <Text key={s.by} size="sm">
                {t('app.review.signed-so-far', { name: s.name, date: dates.dateTime(s.signedAt) })}
              </Text>
            ))}
        </Stack>
      )}
      {mine ? (
        <Alert color="green" data-testid="you-signed">
          {t('app.review.you-signed', { date: dates.dateTime(mine.signedAt) })}
        </Alert>
      ) : missing.length > 0 ? (
        <Stack gap="xs">
          {/* Reopened as a change order: say why choices that were not asked for before are asked now. */}
          {changeOrderNumber(cart.revision) && (
            <Text size="sm" c="dimmed" data-testid="change-order-missing">
              {t('app.review.change-order-missing', { count: missingCount })}
            </Text>
          )}
          <Text>{t('app.review.before-submit', { list: formatList(missing, locale) })}</Text>
          <LinkButton to="/configure" w="fit-content">
            {t('app.review.continue')}
          </LinkButton>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Checkbox
            checked={isAgreed}
            onChange={(event) => setAgreed(event.currentTarget.checked)}
            label={t('app.review.agree', { total: money(cart.total) })}
          />
          <TextInput
            label={t('app.review.sign-name')}
            value={signature}
            onChange={(event) => setSignature(event.currentTarget.value)}
            autoComplete="name"
            maw={360}
          />
          {error && <Alert color="red">{error}</Alert>}
          <Button
            onClick={submit}
            loading={isSubmitting}
            disabled={!isAgreed || signature.trim().length < 2}
            w="fit-content"
          >
            {t('app.review.sign')}
          </Button>
        </Stack>
      )}
    </Card>
  );
}
