import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Card, CheckIcon, Group, Loader, Paper, ScrollArea, SimpleGrid, Skeleton, Stack, Tabs, Text, TextInput, Title, Tooltip, UnstyledButton } from '@mantine/core';
import {
  allowances,
  budgetRemaining,
  cartTotal,
  describeUnavailability,
  finishesByRoom,
  formatMoney,
  missingRequired,
  sortRooms,
  whyUnavailable,
  type RoomFinishes,
  type RuleContext,
  minorUnitsPerMajor,
  packageRooms,
} from '@decor/core';
import { useProject } from '../../../lib/project.ts';
import { persistCollectionCache } from '../../../lib/persisted-cache.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { photoUrl } from './option-photo.ts';

// The details view (and the Markdown it renders) loads when a buyer first opens one.
const OptionDetail = lazy(() => import('./option-detail.tsx').then((m) => ({ default: m.OptionDetail })));
import { useConfiguratorData, type CartItem, type CategoryItem, type OptionItem, type PackageItem } from '../../../lib/configurator-data.ts';
import { useCartEditor } from './use-cart-editor.ts';
import { PriceChangeNotice } from '../../../components/ui/price-change-notice.tsx';
import { RoomSketch, SwatchBoard } from '../../../components/room/room-sketch.tsx';
import { sceneRoomsOf } from '../../../components/room/room-layout.ts';
import { LinkButton } from '../../../components/ui/link-button.tsx';

const LEVELS = ['', 'Standard', 'Level 2', 'Level 3', 'Level 4'];

/** `/configure`: rooms in order → categories → option cards, saved as they are chosen. */
export function Configurator() {
  useEffect(() => persistCollectionCache(queryClient), []);
  const data = useConfiguratorData();
  const { data: project } = useProject();
  if (data.isError) return <Alert color="red">The catalogue could not be loaded. Please try again in a moment.</Alert>;
  if (data.hasNoCart) {
    return (
      <Alert color="blue" title="Your home is not set up yet">
        Once the design centre links you to your unit, you can choose its finishes here.
      </Alert>
    );
  }
  if (data.isLoading || !data.cart || !data.unit || !data.categories || !data.options || !project) return <Skeleton h={420} radius="md" />;
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
  // The preview follows every choice at once, before the server confirms it.
  const finishes = useMemo(() => finishesByRoom(editor.selections, { rooms: sceneRooms, options: context.options, categories: context.categories }), [editor.selections, sceneRooms, context]);
  /** The rooms of the plan a package option applies to: its own rooms, else its category's. */
  const optionsById = useMemo(() => new Map(options.map((o) => [o._id, o])), [options]);
  const categoriesById = useMemo(() => new Map(categories.map((c) => [c._id, c])), [categories]);
  const roomsFor = (optionId: string) => packageRooms(optionId, optionsById, categoriesById, planRooms ?? null);
  const money = (minor: number) => formatMoney(minor, { currency: project!.currency, locale: project!.options.locale });
  const estimate = cartTotal({ selections: editor.selections, priceOf: (id) => context.options.get(id)?.price });
  const missing = missingRequired(editor.selections, context);
  const spentByCategory = new Map(allowances(editor.selections, context).map((a) => [a.category, a.spent]));
  const required = categories.filter((c) => c.required).length;

  return (
    <Stack gap="md">
      {!isOpen && (
        <Alert color="orange" title="Read only">
          This selection can no longer be changed here. Contact the design centre to make changes.
        </Alert>
      )}
      <Paper withBorder radius="md" p="md" pos="sticky" top={68} style={{ zIndex: 5 }} data-testid="cart-bar">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Upgrades total
            </Text>
            <Group gap="xs">
              <Text fz={24} fw={700} data-testid="live-total">
                {money(editor.isSaving ? estimate : editor.total)}
              </Text>
              {editor.isSaving && <Loader size="xs" aria-label="Saving" />}
            </Group>
          </Stack>
          <BudgetField editor={editor} total={editor.isSaving ? estimate : editor.total} money={money} isOpen={isOpen} />
          <Text size="sm" data-testid="required-progress">
            Required choices: {required - missing.length} of {required}
          </Text>
        </Group>
      </Paper>
      {isOpen && <PriceChangeNotice changes={cart.priceChanges ?? []} money={money} />}
      {editor.notice && (
        <Alert color={editor.notice.tone} withCloseButton onClose={editor.dismissNotice} role="alert" data-testid="configure-notice">
          {editor.notice.text}
        </Alert>
      )}
      {packages.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="lg">
            Packages
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {packages.map((pkg) => {
              const isApplied = editor.packageId === pkg._id;
              return (
                <Card key={pkg._id} withBorder radius="md" padding="md" data-testid="package-card" style={{ borderColor: isApplied ? 'var(--mantine-color-brand-6)' : undefined }}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Stack gap={2}>
                      <Text fw={700}>{pkg.name}</Text>
                      <Text size="sm" c="dimmed">
                        {pkg.description}
                      </Text>
                      {pkg.priceAdjustment !== 0 && (
                        <Text size="sm" fw={600} c={pkg.priceAdjustment < 0 ? 'green.8' : undefined}>
                          {pkg.priceAdjustment < 0 ? `Saves ${money(-pkg.priceAdjustment)} on its choices` : `Adds ${money(pkg.priceAdjustment)}`}
                        </Text>
                      )}
                    </Stack>
                    {isApplied ? (
                      <Badge variant="light">Applied</Badge>
                    ) : (
                      <UnstyledButton
                        onClick={() => editor.applyPackage(pkg._id, pkg.options, roomsFor)}
                        disabled={!isOpen}
                        aria-label={`Apply the ${pkg.name} package`}
                        c="brand.7"
                        fw={700}
                      >
                        Apply
                      </UnstyledButton>
                    )}
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        </Stack>
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
                  <CategorySection key={category._id} category={category} roomId={room._id} options={options} context={context} editor={editor} money={money} spent={spentByCategory.get(category._id)} />
                ))}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
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
}: {
  category: CategoryItem;
  roomId: string;
  options: OptionItem[];
  context: RuleContext;
  editor: ReturnType<typeof useCartEditor>;
  money: (minor: number) => string;
  spent?: number;
}) {
  const available = options.filter((o) => o.category === category._id && o.active && (o.rooms.length === 0 || o.rooms.includes(roomId)));
  const [detailOf, setDetailOf] = useState<OptionItem | null>(null);
  const optionsById = useMemo(() => new Map(options.map((o) => [o._id, o])), [options]);
  return (
    <Stack gap="xs" data-testid={`category-${category.name}`}>
      <Group gap="xs">
        <Title order={3} fz="lg">
          {category.name}
        </Title>
        {category.required && (
          <Badge size="sm" variant="light">
            Required
          </Badge>
        )}
        {category.multiple && (
          <Badge size="sm" variant="light" color="gray">
            Choose any
          </Badge>
        )}
        {category.allowance > 0 && (
          <Text size="xs" c={spent > category.allowance ? 'orange.8' : 'dimmed'} data-testid="allowance">
            Allowance {money(category.allowance)} · chosen {money(spent)}
            {spent > category.allowance ? ` (${money(spent - category.allowance)} over)` : ` (${money(category.allowance - spent)} left)`}
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
              return why ? describeUnavailability(why, context) : null;
            })()}
            money={money}
            onToggle={() => editor.toggle(detailOf._id, roomId)}
            onClose={() => setDetailOf(null)}
          />
          </Suspense>
        )}
        {available.map((option) => {
          const isChosen = editor.selections.some((s) => s.option === option._id && s.room === roomId);
          const reason = isChosen ? null : whyUnavailable(option._id, editor.selections, context, roomId);
          const card = (
            <OptionCard
              option={option}
              isChosen={isChosen}
              reason={reason ? describeUnavailability(reason, context) : null}
              money={money}
              onToggle={() => editor.toggle(option._id, roomId)}
              onDetails={() => setDetailOf(option)}
            />
          );
          return reason ? (
            <Tooltip key={option._id} label={describeUnavailability(reason, context)} withArrow multiline w={220} openDelay={200} events={{ hover: true, focus: true, touch: true }}>
              <div>{card}</div>
            </Tooltip>
          ) : (
            <div key={option._id}>{card}</div>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function OptionCard({
  option,
  isChosen,
  reason,
  money,
  onToggle,
  onDetails,
}: {
  option: OptionItem;
  isChosen: boolean;
  reason: string | null;
  money: (minor: number) => string;
  onToggle: () => void;
  onDetails: () => void;
}) {
  const isDisabled = reason !== null;
  const photo = option.images?.[0];
  return (
    <Box pos="relative">
    <UnstyledButton
      onClick={onToggle}
      disabled={isDisabled}
      aria-pressed={isChosen}
      aria-label={`${option.name}, ${option.price === 0 ? 'included' : money(option.price)}${isChosen ? ', chosen' : ''}${reason ? `, unavailable: ${reason}` : ''}`}
      data-testid="option-card"
      data-option={option.name}
      w="100%"
      style={{ opacity: isDisabled ? 0.5 : 1, cursor: isDisabled ? 'not-allowed' : 'pointer' }}
    >
      <Card withBorder radius="md" padding="xs" style={{ borderColor: isChosen ? 'var(--mantine-color-brand-6)' : undefined, borderWidth: isChosen ? 2 : 1 }}>
        <Box
          h={72}
          data-testid={photo ? 'option-photo' : undefined}
          style={{
            borderRadius: 6,
            background: photo ? `center / cover no-repeat url(${photoUrl(photo, 200)})` : (option.swatch?.color ?? 'var(--mantine-color-gray-2)'),
            position: 'relative',
          }}
        >
          {isChosen && (
            <Box pos="absolute" top={6} right={6} bg="brand.6" c="white" style={{ borderRadius: 999, width: 22, height: 22, display: 'grid', placeItems: 'center' }}>
              <CheckIcon size={12} />
            </Box>
          )}
        </Box>
        <Text size="sm" fw={600} mt={6} lineClamp={2}>
          {option.name}
        </Text>
        <Group justify="space-between" gap={4}>
          <Text size="xs" c="dimmed">
            {LEVELS[option.level] ?? ''}
          </Text>
          <Text size="sm" fw={600} data-testid="option-price">
            {option.price === 0 ? 'Included' : `+${money(option.price)}`}
          </Text>
        </Group>
      </Card>
    </UnstyledButton>
      {/* A separate button, so a greyed card's details and reason are reachable by tap and keyboard too. */}
      <Button size="compact-xs" variant="white" pos="absolute" top={8} left={8} onClick={onDetails} aria-label={`Details of ${option.name}`} data-testid="option-details">
        Details
      </Button>
    </Box>
  );
}

/** The buyer's own budget for upgrades: set it once, see what is left as they choose. */
function BudgetField({ editor, total, money, isOpen }: { editor: ReturnType<typeof useCartEditor>; total: number; money: (minor: number) => string; isOpen: boolean }) {
  const [isEditing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const { data: project } = useProject();
  const remaining = budgetRemaining(total, editor.budget);
  const save = () => {
    // Typed in the currency's units; stored in its smallest unit (cents, or yen as they are).
    const perMajor = minorUnitsPerMajor(project?.currency ?? 'CAD');
    const value = draft.trim() === '' ? null : Math.round(Number(draft.replace(/[^0-9.]/g, '')) * perMajor);
    if (value === null || Number.isFinite(value)) editor.setBudget(value);
    setEditing(false);
  };
  if (isEditing) {
    return (
      <Group gap="xs">
        <TextInput size="xs" aria-label="My budget for upgrades" placeholder="e.g. 15000" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} w={120} />
        <Button size="compact-sm" onClick={save}>
          Save
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap={0} data-testid="budget">
      {remaining === null ? (
        <Text size="sm" c="dimmed">
          No budget set
        </Text>
      ) : (
        <Text size="sm" c={remaining < 0 ? 'red.8' : undefined} fw={600}>
          {remaining < 0 ? `${money(-remaining)} over your budget` : `${money(remaining)} left of your budget`}
        </Text>
      )}
      {isOpen && (
        <UnstyledButton
          c="brand.7"
          fz="xs"
          onClick={() => {
            setDraft(editor.budget === null ? '' : String(editor.budget / 100));
            setEditing(true);
          }}
        >
          {editor.budget === null ? 'Set a budget' : 'Change budget'}
        </UnstyledButton>
      )}
    </Stack>
  );
}

/** The current room drawn with the finishes chosen so far, and the way to see it in 3D. */
function RoomPreview({ room, finishes }: { room: ReturnType<typeof sceneRoomsOf>[number]; finishes: RoomFinishes }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="room-preview">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <RoomSketch room={room} finishes={finishes} height={170} />
        <Stack gap="sm" justify="space-between">
          <SwatchBoard room={room} finishes={finishes} columns={{ base: 2 }} />
          <LinkButton to="/explore" variant="light" size="xs" w="fit-content">
            See it in 3D
          </LinkButton>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
