import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  CheckIcon,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  allowances,
  budgetRemaining,
  cartTotal,
  describeUnavailability,
  finishesByRoom,
  missingRequired,
  describeMissing,
  requiredChoices,
  sortRooms,
  whyUnavailable,
  type RoomFinishes,
  type RuleContext,
  formatAmount,
  formatList,
  packageRooms,
  hasFeature,
  type FitAnswerView,
} from '@decor/core';
import { useRouterState } from '@tanstack/react-router';
import { readBudget } from '../budget-amount.ts';
import { useProject } from '../../../lib/project.ts';
import { persistCollectionCache } from '../../../lib/persisted-cache.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { photoUrl } from './option-photo.ts';

// The details view (and the Markdown it renders) loads when a buyer first opens one; a package's
// preview when one is first previewed (dialogs are never needed to draw the page).
const OptionDetail = lazy(() => import('./option-detail.tsx').then((m) => ({ default: m.OptionDetail })));
const PackagePreview = lazy(() => import('./package-preview.tsx').then((m) => ({ default: m.PackagePreview })));
const FitBudget = lazy(() => import('./fit-budget.tsx').then((m) => ({ default: m.FitBudget })));
import {
  useConfiguratorData,
  type CartItem,
  type CategoryItem,
  type OptionItem,
  type PackageItem,
} from '../../../lib/configurator-data.ts';
import { useCartEditor, type CartEditor, type ChangeInfo } from '../hooks/use-cart-editor.ts';
import { BuyerAccess } from '../../../components/selection/buyer-access.tsx';
import { PriceChangeNotice } from '../../../components/ui/price-change-notice.tsx';
import { RoomSketch, SwatchBoard } from '../../../components/room/room-sketch.tsx';
import { sceneRoomsOf } from '../../../components/room/room-layout.ts';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { useMoney } from '../../../lib/use-money.ts';
import { useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';

/** `/configure`: rooms in order → categories → option cards, saved as they are chosen. */
export function Configurator() {
  useEffect(() => persistCollectionCache(queryClient), []);
  const data = useConfiguratorData();
  const { data: project } = useProject();
  const t = useT();
  const blocked = (
    <BuyerAccess
      isNotMember={data.isNotMember}
      hasNoCart={data.hasNoCart}
      isError={data.isError}
      error={data.error}
      retry={data.retry}
      what={t('app.configure.your-selection')}
    />
  );
  const isReady = !data.isLoading && !!data.cart && !!data.unit && !!data.categories && !!data.options && !!project;
  // The editor's first render is the page's largest: it runs in a second pass, in slices that leave
  // the page answering taps, while the skeleton stays (docs/performance.md, "First paint"); also
  // when the data is there from the start (the page carries it).
  const isEditorShown = useDeferredValue(isReady, false);
  if (data.isNotMember || data.hasNoCart || data.isError) return blocked;
  if (!isEditorShown || data.isLoading || !data.cart || !data.unit || !data.categories || !data.options || !project)
    return <Skeleton h={420} radius="md" />;
  return (
    <Editor
      cart={data.cart}
      planId={data.unit.plan}
      planRooms={data.planRooms ?? null}
      categories={data.categories}
      options={data.options}
      packages={data.packages}
      isOpen={data.summary?.status === 'draft'}
    />
  );
}

function Editor({
  cart,
  planId,
  planRooms,
  categories,
  options,
  packages,
  isOpen,
}: {
  cart: CartItem;
  planId: string;
  planRooms: string[] | null;
  categories: CategoryItem[];
  options: OptionItem[];
  packages: PackageItem[];
  isOpen: boolean;
}) {
  const { data: project } = useProject();
  const context: RuleContext = useMemo(
    () => ({
      options: new Map(options.map((o) => [o._id, o])),
      categories: new Map(categories.map((c) => [c._id, c])),
      planId,
      isOpen,
    }),
    [options, categories, planId, isOpen],
  );
  const editor = useCartEditor(cart, context);
  const t = useT();
  const { locale } = useLanguage();
  // The rooms of the buyer's plan that have something to choose, in display order.
  const rooms = useMemo(
    () =>
      sortRooms(project!.rooms).filter(
        (room) => (!planRooms || planRooms.includes(room._id)) && categories.some((c) => c.rooms.includes(room._id)),
      ),
    [project, categories, planRooms],
  );
  const [roomId, setRoomId] = useState<string | null>(rooms[0]?._id ?? null);
  const sceneRooms = useMemo(() => sceneRoomsOf(rooms, categories, null), [rooms, categories]);
  const finishes = useFinishes(editor.selections, sceneRooms, context);
  /** The rooms of the plan a package option applies to: its own rooms, else its category's. */
  const optionsById = useMemo(() => new Map(options.map((o) => [o._id, o])), [options]);
  const categoriesById = useMemo(() => new Map(categories.map((c) => [c._id, c])), [categories]);
  const roomsFor = (optionId: string) => packageRooms(optionId, optionsById, categoriesById, planRooms ?? null);
  const money = useMoney();
  const packageAdjustmentOf = (id: string | null) => packages.find((p) => p._id === id)?.priceAdjustment ?? 0;
  const priceOf = (id: string) => context.options.get(id)?.price;
  const fees = cart.fees ?? [];
  // The total on screen while a change saves: the same sum the server makes (choices, package, fees).
  const estimate = cartTotal({
    selections: editor.selections,
    priceOf,
    packageAdjustment: packageAdjustmentOf(editor.packageId),
    fees,
  });
  const optionName = (id: string) => context.options.get(id)?.name ?? t('app.configure.a-choice');
  /** Tells the buyer what a change took with it, with the way back. */
  const announce = (info: ChangeInfo | null, done?: string) => {
    if (!info) return;
    if (info.removed.length) {
      const amount = info.removed.reduce((sum, s) => sum + (priceOf(s.option) ?? 0) * s.quantity, 0);
      const what = formatList(
        info.removed.map((s) =>
          s.needed
            ? t('app.configure.needs', { name: optionName(s.option), needed: optionName(s.needed) })
            : optionName(s.option),
        ),
        locale,
      );
      const removed = amount
        ? t('app.configure.also-removed-amount', { what, amount: money(amount) })
        : t('app.configure.also-removed', { what });
      editor.setNotice({
        tone: 'yellow',
        text: done ? `${done} ${removed}` : removed,
        undo: () => editor.restore(info.before),
      });
    } else if (done) {
      editor.setNotice({ tone: 'blue', text: done, undo: () => editor.restore(info.before) });
    }
  };
  // Required means in every room of the plan where the category applies (docs/selection-rules.md).
  const requiredContext = { ...context, planRooms };
  /** How many required choices some selections make, and what they still miss, in words. */
  const progressOf = (selections: CartEditor['selections']) => {
    const missing = missingRequired(selections, requiredContext);
    return { made: required - missing.length, missing: describeMissing(missing, roomName) };
  };
  const spentByCategory = new Map(allowances(editor.selections, context).map((a) => [a.category, a.spent]));
  const required = requiredChoices(requiredContext).length;
  const roomName = (id: string) => project!.rooms.find((r) => r._id === id)?.name;
  const fit = useFitDialog(isOpen && hasFeature(project!.features, 'fitBudget'));

  return (
    <Stack gap="md">
      {!isOpen && (
        <Alert color="orange" title={t('app.configure.read-only')}>
          {t('app.configure.read-only-text')}
        </Alert>
      )}
      <CartBar
        editor={editor}
        estimateOf={(selections) =>
          cartTotal({ selections, priceOf, packageAdjustment: packageAdjustmentOf(editor.packageId), fees })
        }
        money={money}
        isOpen={isOpen}
        required={required}
        progressOf={progressOf}
        onFit={fit.can ? fit.open : undefined}
      />
      <FitDialog fit={fit} cart={cart} editor={editor} context={context} rooms={rooms} />
      {isOpen && <PriceChangeNotice changes={cart.priceChanges ?? []} money={money} />}
      {packages.length > 0 && (
        <PackagesSection
          packages={packages}
          editor={editor}
          isOpen={isOpen}
          context={context}
          optionName={optionName}
          roomsFor={roomsFor}
          roomName={roomName}
          totalOf={(selections, pkg) =>
            cartTotal({ selections, priceOf, packageAdjustment: packageAdjustmentOf(pkg), fees })
          }
          currentTotal={editor.isSaving ? estimate : editor.total}
          announce={announce}
        />
      )}
      <Tabs value={roomId} onChange={setRoomId} keepMounted={false}>
        <ScrollArea type="auto" offsetScrollbars>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {rooms.map((room) => (
              <Tabs.Tab key={room._id} value={room._id}>
                {room.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        {rooms.map((room) => (
          <Tabs.Panel key={room._id} value={room._id} pt="md">
            <Stack gap="xl">
              <RoomPreview room={sceneRooms.find((r) => r._id === room._id)!} finishes={finishes.get(room._id) ?? {}} />
              {categories
                .filter((category) => category.rooms.includes(room._id))
                .sort((a, b) => a.order - b.order)
                .map((category) => (
                  <CategorySection
                    key={category._id}
                    category={category}
                    roomId={room._id}
                    options={options}
                    context={context}
                    editor={editor}
                    money={money}
                    spent={spentByCategory.get(category._id)}
                    onChanged={(info) => announce(info)}
                  />
                ))}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** The finishes of each room as chosen: the preview follows every choice at once, before the server confirms it. */
function useFinishes(
  selections: CartEditor['selections'],
  rooms: ReturnType<typeof sceneRoomsOf>,
  context: RuleContext,
) {
  return useMemo(
    () => finishesByRoom(selections, { rooms, options: context.options, categories: context.categories }),
    [selections, rooms, context],
  );
}

/** Fit my budget's dialog: opened by its button, or by a link that asks for it (`?fit=1`, from My selection). */
function useFitDialog(can: boolean) {
  const isAsked = useRouterState({ select: (state) => !!(state.location.search as { fit?: unknown }).fit });
  const [isOpen, setOpen] = useState(can && isAsked);
  // The last answer stays while the page is open, so the buyer can come back to it after taking a room.
  const [answer, setAnswer] = useState<FitAnswerView | null>(null);
  return { can, isOpen, open: () => setOpen(true), close: () => setOpen(false), answer, setAnswer };
}

function FitDialog({
  fit,
  cart,
  editor,
  context,
  rooms,
}: {
  fit: ReturnType<typeof useFitDialog>;
  cart: CartItem;
  editor: CartEditor;
  context: RuleContext;
  rooms: Array<{ _id: string; name: string }>;
}) {
  if (!fit.isOpen) return null;
  // What a buyer may name beside rooms: the single-choice categories of those rooms ("keep the flooring I chose").
  const categories = [...context.categories.values()]
    .filter((c) => !c.multiple && c.rooms?.some((room) => rooms.some((r) => r._id === room)))
    .map((c) => ({ _id: c._id, name: c.name }));
  return (
    <Suspense fallback={null}>
      <FitBudget
        cartId={cart._id}
        editor={editor}
        context={context}
        rooms={rooms}
        categories={categories}
        isChangeOrder={(cart.revision ?? 1) > 1}
        answer={fit.answer}
        onAnswer={fit.setAnswer}
        onClose={fit.close}
      />
    </Suspense>
  );
}

/** The project's packages: each applied with a preview first, or taken off with the way back. */
function PackagesSection({
  packages,
  editor,
  isOpen,
  context,
  optionName,
  roomsFor,
  roomName,
  totalOf,
  currentTotal,
  announce,
}: {
  packages: PackageItem[];
  editor: CartEditor;
  isOpen: boolean;
  context: RuleContext;
  optionName: (id: string) => string;
  roomsFor: (optionId: string) => string[];
  roomName: (id: string) => string | undefined;
  totalOf: (selections: CartEditor['selections'], packageId: string | null) => number;
  currentTotal: number;
  announce: (info: ChangeInfo | null, done?: string) => void;
}) {
  const money = useMoney();
  const t = useT();
  const [packageToApply, setPackageToApply] = useState<PackageItem | null>(null);
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {t('app.configure.packages')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {packages.map((pkg) => (
          <PackageCard
            key={pkg._id}
            pkg={pkg}
            isApplied={editor.packageId === pkg._id}
            isOpen={isOpen}
            optionName={optionName}
            money={money}
            onPreview={() => setPackageToApply(pkg)}
            onRemove={() => {
              const before = { selections: editor.selections, packageId: editor.packageId };
              editor.removePackage();
              editor.setNotice({
                tone: 'blue',
                text: t('app.configure.package-removed', { name: pkg.name }),
                undo: () => editor.restore(before),
              });
            }}
          />
        ))}
      </SimpleGrid>
      {packageToApply && (
        <Suspense fallback={null}>
          <PackagePreview
            pkg={packageToApply}
            editor={editor}
            context={context}
            roomsFor={roomsFor}
            roomName={roomName}
            money={money}
            totalOf={totalOf}
            currentTotal={currentTotal}
            onClose={() => setPackageToApply(null)}
            onApply={() => {
              const pkg = packageToApply;
              setPackageToApply(null);
              announce(
                editor.applyPackage(pkg._id, pkg.options, roomsFor),
                t('app.configure.package-applied', { name: pkg.name }),
              );
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function CategorySection({
  category,
  roomId,
  options,
  context,
  editor,
  money,
  spent = 0,
  onChanged,
}: {
  category: CategoryItem;
  roomId: string;
  options: OptionItem[];
  context: RuleContext;
  editor: ReturnType<typeof useCartEditor>;
  money: (minor: number) => string;
  spent?: number;
  onChanged: (info: ChangeInfo | null) => void;
}) {
  const available = options.filter(
    (o) => o.category === category._id && o.active && (o.rooms.length === 0 || o.rooms.includes(roomId)),
  );
  const t = useT();
  const [detailOf, setDetailOf] = useState<OptionItem | null>(null);
  const optionsById = useMemo(() => new Map(options.map((o) => [o._id, o])), [options]);
  return (
    <Stack gap="xs" data-testid={`category-${category.name}`}>
      <Group gap="xs">
        <Title order={2} fz="lg">
          {category.name}
        </Title>
        {category.required && (
          <Badge size="sm" variant="light">
            {t('app.configure.required')}
          </Badge>
        )}
        {category.multiple && (
          <Badge size="sm" variant="light" color="gray">
            {t('app.configure.choose-any')}
          </Badge>
        )}
        {category.allowance > 0 && (
          <Text size="xs" c={spent > category.allowance ? 'orange.8' : 'dimmed'} data-testid="allowance">
            {t('app.configure.allowance', { allowance: money(category.allowance), spent: money(spent) })}{' '}
            {spent > category.allowance
              ? t('app.configure.allowance-over', { amount: money(spent - category.allowance) })
              : t('app.configure.allowance-left', { amount: money(category.allowance - spent) })}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
        {detailOf && (
          <Suspense fallback={null}>
            <OptionDetail
              option={detailOf}
              options={optionsById}
              isChosen={editor.selections.some((s) => s.option === detailOf._id && s.room === roomId)}
              reason={(() => {
                if (editor.selections.some((s) => s.option === detailOf._id && s.room === roomId)) return null;
                const why = whyUnavailable(detailOf._id, editor.selections, context, roomId);
                return why ? describeUnavailability(why, context, t) : null;
              })()}
              money={money}
              onToggle={() => onChanged(editor.toggle(detailOf._id, roomId))}
              onClose={() => setDetailOf(null)}
            />
          </Suspense>
        )}
        {available.map((option) => {
          const selection = editor.selections.find((s) => s.option === option._id && s.room === roomId);
          const reason = selection ? null : whyUnavailable(option._id, editor.selections, context, roomId);
          return (
            <OptionCard
              key={option._id}
              option={option}
              quantity={category.quantities && selection ? selection.quantity : null}
              isChosen={!!selection}
              reason={reason ? describeUnavailability(reason, context, t) : null}
              money={money}
              onToggle={() => onChanged(editor.toggle(option._id, roomId))}
              onQuantity={(quantity) => editor.setQuantity(option._id, roomId, quantity)}
              onDetails={() => setDetailOf(option)}
              isOpen={context.isOpen}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function OptionCard({
  option,
  quantity,
  isChosen,
  reason,
  money,
  onToggle,
  onQuantity,
  onDetails,
  isOpen,
}: {
  option: OptionItem;
  /** How many are chosen, where the category sells by the piece; otherwise null. */
  quantity: number | null;
  isChosen: boolean;
  reason: string | null;
  money: (minor: number) => string;
  onToggle: () => void;
  onQuantity: (quantity: number) => void;
  onDetails: () => void;
  isOpen: boolean;
}) {
  const isDisabled = reason !== null;
  // A greyed option stays focusable and answers a tap or a key with its reason (docs/screens.md, "Configure").
  const [isReasonShown, setReasonShown] = useState(false);
  const photo = option.images?.[0];
  const reasonId = `why-${option._id}`;
  const t = useT();
  const price = option.price === 0 ? t('app.configure.included') : `+${money(option.price * (quantity ?? 1))}`;
  return (
    <Box pos="relative">
      <UnstyledButton
        onClick={() => (isDisabled ? setReasonShown((shown) => !shown) : onToggle())}
        aria-disabled={isDisabled || undefined}
        aria-pressed={isChosen}
        aria-describedby={isDisabled ? reasonId : undefined}
        data-testid="option-card"
        data-option={option.name}
        w="100%"
        style={{ opacity: isDisabled ? 0.55 : 1, cursor: isDisabled ? 'help' : 'pointer' }}
      >
        <Card
          withBorder
          radius="md"
          padding="xs"
          style={{ borderColor: isChosen ? 'var(--mantine-color-brand-6)' : undefined, borderWidth: isChosen ? 2 : 1 }}
        >
          <Box
            h={72}
            data-testid={photo ? 'option-photo' : undefined}
            style={{
              borderRadius: 6,
              background: photo
                ? `center / cover no-repeat url(${photoUrl(photo, 200)})`
                : (option.swatch?.color ?? 'var(--mantine-color-gray-2)'),
              position: 'relative',
            }}
          >
            {isChosen && (
              <Box
                pos="absolute"
                top={6}
                right={6}
                bg="brand.6"
                c="white"
                style={{ borderRadius: 999, width: 22, height: 22, display: 'grid', placeItems: 'center' }}
              >
                <CheckIcon size={12} />
              </Box>
            )}
          </Box>
          <Text size="sm" fw={600} mt={6} lineClamp={2}>
            {option.name}
            {/* Its name is what it shows; whether it can be chosen is said to screen readers too (pressed = chosen). */}
            {isDisabled && <VisuallyHidden>{t('app.configure.unavailable')}</VisuallyHidden>}
          </Text>
          <Group justify="space-between" gap={4}>
            <Text size="xs" c="dimmed">
              {option.level > 1 && option.level <= 4 ? t(`app.configure.level.${option.level as 2 | 3 | 4}`) : ''}
            </Text>
            <Text size="sm" fw={600} data-testid="option-price">
              {price}
              {quantity && quantity > 1
                ? ` ${t('app.configure.quantity-price', { quantity, price: money(option.price) })}`
                : ''}
            </Text>
          </Group>
        </Card>
      </UnstyledButton>
      {isDisabled && (
        <Text
          id={reasonId}
          size="xs"
          c="red.9"
          mt={4}
          role="status"
          data-testid="option-reason"
          style={{ display: isReasonShown ? undefined : 'none' }}
        >
          {reason}
        </Text>
      )}
      {quantity !== null && isOpen && (
        <Group gap={4} mt={4} justify="center" data-testid="option-quantity">
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => (quantity > 1 ? onQuantity(quantity - 1) : onToggle())}
            aria-label={
              quantity > 1
                ? t('app.configure.one-fewer', { name: option.name })
                : t('app.configure.remove', { name: option.name })
            }
          >
            −
          </Button>
          <Text size="sm" fw={600} w={28} ta="center" aria-live="polite">
            {quantity}
          </Text>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => onQuantity(Math.min(quantity + 1, MAX_QUANTITY))}
            disabled={quantity >= MAX_QUANTITY}
            aria-label={t('app.configure.one-more', { name: option.name })}
          >
            +
          </Button>
        </Group>
      )}
      {/* A separate button, so a greyed card's details and reason are reachable by tap and keyboard too. */}
      <Button
        size="compact-xs"
        variant="white"
        pos="absolute"
        top={8}
        left={8}
        onClick={onDetails}
        aria-label={t('app.configure.details-of', { name: option.name })}
        data-testid="option-details"
      >
        {t('app.configure.details')}
      </Button>
    </Box>
  );
}

/** How many of one option a buyer may choose (the cart's own limit is higher). */
const MAX_QUANTITY = 50;

/** The buyer's own budget for upgrades: set it once, see what is left as they choose. */
function BudgetField({
  editor,
  total,
  money,
  isOpen,
}: {
  editor: ReturnType<typeof useCartEditor>;
  total: number;
  money: (minor: number) => string;
  isOpen: boolean;
}) {
  const [isEditing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { data: project } = useProject();
  const t = useT();
  const { locale } = useLanguage();
  const currency = project?.currency ?? 'CAD';
  const remaining = budgetRemaining(total, editor.budget);
  const save = () => {
    // Typed in the currency's units and the project's number format ("15,000", "15 000,50 $"); stored in its smallest unit.
    // Anything else is refused in words, never saved as 0 or as a guess.
    const reading = readBudget(draft, { currency, locale }, t);
    if ('error' in reading) return setError(reading.error);
    editor.setBudget(reading.value);
    setError(null);
    setEditing(false);
  };
  if (isEditing) {
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Group gap="xs" align="flex-start">
          <TextInput
            size="xs"
            label={t('app.configure.budget-label', { currency })}
            placeholder={t('app.configure.budget-example', { example: formatAmount(1_500_000, currency, locale) })}
            inputMode="decimal"
            value={draft}
            onChange={(e) => {
              setDraft(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            w={170}
            data-autofocus
          />
          <Button size="compact-sm" type="submit" mt={22}>
            {t('app.configure.save')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            mt={22}
            onClick={() => {
              setEditing(false);
              setError(null);
            }}
          >
            {t('app.configure.cancel')}
          </Button>
        </Group>
      </form>
    );
  }
  return (
    <Stack gap={0} data-testid="budget">
      {remaining === null ? (
        <Text size="sm" c="dimmed">
          {t('app.configure.no-budget')}
        </Text>
      ) : (
        <Text size="sm" c={remaining < 0 ? 'red.8' : undefined} fw={600}>
          {remaining < 0
            ? t('app.configure.over-budget', { amount: money(-remaining) })
            : t('app.configure.left-budget', { amount: money(remaining) })}
        </Text>
      )}
      {isOpen && (
        <UnstyledButton
          c="brand.8"
          fz="xs"
          onClick={() => {
            setDraft(editor.budget === null ? '' : formatAmount(editor.budget, currency, locale));
            setEditing(true);
          }}
        >
          {editor.budget === null ? t('app.configure.set-budget') : t('app.configure.change-budget')}
        </UnstyledButton>
      )}
    </Stack>
  );
}

/** The current room drawn with the finishes chosen so far, and the way to see it in 3D. */
function RoomPreview({ room, finishes }: { room: ReturnType<typeof sceneRoomsOf>[number]; finishes: RoomFinishes }) {
  const t = useT();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="room-preview">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <RoomSketch room={room} finishes={finishes} height={170} />
        <Stack gap="sm" justify="space-between">
          <SwatchBoard room={room} finishes={finishes} columns={{ base: 2 }} />
          <LinkButton
            to="/explore"
            search={{ room: room._id }}
            variant="light"
            size="xs"
            w="fit-content"
            data-testid="see-in-3d"
          >
            {t('app.configure.see-3d')}
          </LinkButton>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

/** A package as the buyer sees it: what it holds, what it saves or adds, and applying it or taking it off. */
function PackageCard({
  pkg,
  isApplied,
  isOpen,
  optionName,
  money,
  onPreview,
  onRemove,
}: {
  pkg: PackageItem;
  isApplied: boolean;
  isOpen: boolean;
  optionName: (id: string) => string;
  money: (minor: number) => string;
  onPreview: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const { locale } = useLanguage();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="package-card"
      style={{ borderColor: isApplied ? 'var(--mantine-color-brand-6)' : undefined, borderWidth: isApplied ? 2 : 1 }}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={700}>{pkg.name}</Text>
          {isApplied && (
            <Text size="sm" fw={700} c="brand.8" data-testid="package-applied">
              {t('app.configure.applied')}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {pkg.description}
        </Text>
        <Text size="sm">
          {t('app.configure.package-choices', {
            count: pkg.options.length,
            names: formatList(pkg.options.map(optionName), locale),
          })}
        </Text>
        {pkg.priceAdjustment !== 0 && (
          <Text size="sm" fw={700}>
            {pkg.priceAdjustment < 0
              ? t('app.configure.saves', { amount: money(-pkg.priceAdjustment) })
              : t('app.configure.adds', { amount: money(pkg.priceAdjustment) })}
          </Text>
        )}
        {isOpen && (
          <Group gap="xs">
            {isApplied ? (
              <Button size="compact-sm" variant="default" onClick={onRemove}>
                {t('app.configure.remove-package')}
              </Button>
            ) : (
              <Button size="compact-sm" variant="light" onClick={onPreview}>
                {t('app.configure.preview-apply')}
                <VisuallyHidden> {t('app.configure.preview-apply-hidden', { name: pkg.name })}</VisuallyHidden>
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The bar that stays on screen while the buyer chooses: the total (an estimate while a change
 * saves), the budget, the required choices still to make, and the notice of what a change did.
 */
function CartBar({
  editor,
  estimateOf,
  money,
  isOpen,
  required,
  progressOf,
  onFit,
}: {
  editor: ReturnType<typeof useCartEditor>;
  /** The total of some selections, as the server sums them. */
  estimateOf: (selections: CartEditor['selections']) => number;
  money: (minor: number) => string;
  isOpen: boolean;
  /** The required choices, and of some selections how many are made and what is still to choose, in words. */
  required: number;
  progressOf: (selections: CartEditor['selections']) => { made: number; missing: string[] };
  /** Opens Fit my budget, where the project offers it and the selection is open. */
  onFit?: (() => void) | undefined;
}) {
  const t = useT();
  const { locale } = useLanguage();
  // A choice just made shows its total here before the rest of the page has caught up with it.
  const now = useSyncExternalStore(editor.live.subscribe, editor.live.get);
  const isAhead = now !== editor.selections;
  // While a change is on its way the server's sum is not known yet: the same sum, made here.
  const total = isAhead || editor.isSaving ? estimateOf(now) : editor.total;
  const { made, missing } = progressOf(now);
  return (
    <Paper withBorder radius="md" p="md" pos="sticky" top={68} style={{ zIndex: 5 }} data-testid="cart-bar">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t('app.configure.upgrades-total')}
          </Text>
          <Group gap="xs">
            <Text fz={24} fw={700} data-testid="live-total">
              {money(total)}
            </Text>
            {(isAhead || editor.isSaving) && <Loader size="xs" aria-label={t('app.configure.saving')} />}
          </Group>
        </Stack>
        <Stack gap={4} align="flex-start">
          <BudgetField editor={editor} total={total} money={money} isOpen={isOpen} />
          {onFit && (
            <Button size="compact-sm" variant="light" onClick={onFit} data-testid="fit-open">
              {t('app.fit.button')}
            </Button>
          )}
        </Stack>
        <Stack gap={0} maw={360}>
          <Text size="sm" data-testid="required-progress">
            {t('app.configure.required-progress', { made, required })}
          </Text>
          {missing.length > 0 && (
            // Two lines at most, so the bar that stays on screen stays small on a phone.
            <Text size="xs" c="dimmed" data-testid="required-missing" lineClamp={2} title={formatList(missing, locale)}>
              {t('app.configure.still-to-choose', { list: formatList(missing, locale) })}
            </Text>
          )}
        </Stack>
      </Group>
      {/* In the bar that stays on screen, so a notice is seen wherever the buyer chose. */}
      {editor.notice && (
        <Alert
          mt="sm"
          p="xs"
          color={editor.notice.tone}
          withCloseButton
          closeButtonLabel={t('app.configure.dismiss')}
          onClose={editor.dismissNotice}
          role="alert"
          data-testid="configure-notice"
        >
          <Group gap="sm" justify="space-between" wrap="nowrap">
            <Text size="sm">{editor.notice.text}</Text>
            {editor.notice.undo && (
              <Button size="compact-sm" variant="white" onClick={editor.notice.undo} data-testid="notice-undo">
                {t('app.configure.undo')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
    </Paper>
  );
}
