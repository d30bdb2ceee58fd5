import { useEffect, useRef, useState } from 'react';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { readPairingCode, type DisplayPairing, type Look, type MessageKey, type PairingEnd } from '@decor/core';
import { moneyFor } from '../../../lib/use-money.ts';
import { forgetPairing, keepLook, pairWith, storedLook, storedPairing } from '../api/pairing.ts';
import { openLiveSocket, type LiveSocket } from '../api/live-socket.ts';
import { TakeHome } from './take-home.tsx';
import { categoriesOfRoom, firstLook, roomsOfPlan, STANDARD_VIEW, useShowroom } from '../api/showroom.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';

/**
 * `/controller/{id?}`: a visitor's phone driving a sales-centre screen (docs/displays.md,
 * "Pairing a phone"). Opened from the screen's QR code (the screen's id in the path, the
 * pairing secret in the fragment, which no server ever receives) or typed at `/controller`
 * with the screen's 8-digit code. The phone chooses rooms, finishes and the view; "End" frees the screen.
 */
export function Controller({ id }: { id?: string | undefined }) {
  const t = useT();
  const errorText = useErrorText();
  const [pairing, setPairing] = useState<DisplayPairing | null>(() =>
    location.hash.length > 1 ? null : storedPairing(),
  );
  // What went wrong (said in the reader's words where it is shown), or null.
  const [problem, setProblem] = useState<unknown>(null);
  const [ended, setEnded] = useState<PairingEnd | null>(null);
  const [busy, setBusy] = useState(false);
  const pair = async (input: Parameters<typeof pairWith>[0]) => {
    setBusy(true);
    setProblem(null);
    try {
      setPairing(await pairWith(input));
      setEnded(null);
    } catch (error) {
      setProblem(error ?? new Error());
    } finally {
      setBusy(false);
    }
  };
  // A scanned QR code: the secret is read from the fragment and wiped from the address at once.
  const scanned = useRef(false);
  useEffect(() => {
    if (scanned.current || !id || location.hash.length <= 1) return;
    scanned.current = true;
    const secret = decodeURIComponent(location.hash.slice(1));
    history.replaceState(history.state, '', location.pathname);
    void pair({ display: id, secret });
  }, [id]);

  const end = (reason: PairingEnd) => {
    forgetPairing();
    setPairing(null);
    setEnded(reason);
  };
  return (
    <Container size="xs" px="sm" py="md" data-testid="controller">
      {pairing ? (
        <Remote key={pairing.pairing} pairing={pairing} onEnded={end} />
      ) : (
        <Stack gap="md">
          {ended && <Ended reason={ended} />}
          {busy && id && problem === null ? (
            <Group gap="sm">
              <Loader size="sm" />
              <Text>{t('app.controller.connecting')}</Text>
            </Group>
          ) : (
            <CodeForm
              busy={busy}
              problem={problem === null ? null : errorText(problem, 'app.controller.unreachable')}
              onCode={(code) => void pair({ code })}
            />
          )}
        </Stack>
      )}
    </Container>
  );
}

const ENDED_WORD: Record<PairingEnd, MessageKey> = {
  ended: 'app.controller.ended.ended',
  idle: 'app.controller.ended.idle',
  revoked: 'app.controller.ended.revoked',
  unknown: 'app.controller.ended.unknown',
};

function Ended({ reason }: { reason: PairingEnd }) {
  const t = useT();
  return (
    <Alert
      color={reason === 'ended' ? 'green' : 'orange'}
      title={t('app.controller.ended')}
      data-testid="controller-ended"
      data-reason={reason}
    >
      {t(ENDED_WORD[reason])} {t('app.controller.again')}
    </Alert>
  );
}

function CodeForm({
  busy,
  problem,
  onCode,
}: {
  busy: boolean;
  problem: string | null;
  onCode: (code: string) => void;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const code = readPairingCode(typed);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (code) onCode(code);
      }}
    >
      <Stack gap="sm">
        <Title order={1} fz={26}>
          {t('app.controller.title')}
        </Title>
        <Text c="dimmed">{t('app.controller.how')}</Text>
        <TextInput
          label={t('app.controller.code')}
          placeholder="4821 0937"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          error={
            problem ??
            (typed.trim() && !code && typed.replace(/\D/g, '').length >= 8 ? t('app.controller.eight') : undefined)
          }
          size="lg"
          styles={{ input: { letterSpacing: '0.1em', fontSize: 24 } }}
        />
        <Button type="submit" size="lg" loading={busy} disabled={!code}>
          {t('app.controller.connect')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The phone's live connection to its screen: opened for the pairing, joined again after a drop
 * (then the whole look is sent once more), and told when the visit ends (docs/displays.md).
 */
function useRemoteSocket(pairing: string, lookRef: { current: Look | null }, onEnded: (reason: PairingEnd) => void) {
  const [isOpen, setOpen] = useState(false);
  const socket = useRef<LiveSocket | null>(null);
  const endedRef = useRef(onEnded);
  endedRef.current = onEnded;
  useEffect(() => {
    const live = openLiveSocket({
      greeting: () => ({ type: 'join', pairing }),
      onOpenChange: setOpen,
      onPush: (push) => {
        // Joined (again, after a dropped connection) or asked by a screen that came back: the whole look, once more.
        if ((push.type === 'joined' || push.type === 'sync') && lookRef.current)
          live.send({ type: 'look', look: lookRef.current });
        if (push.type === 'ended') endedRef.current(push.reason);
      },
      onFinal: () => endedRef.current('unknown'),
    });
    socket.current = live;
    return () => live.close();
  }, [pairing, lookRef]);
  return { socket, isOpen };
}

/** The remote itself: plan, rooms, finishes and the view, each sent to the screen the moment it is tapped. */
function Remote({ pairing, onEnded }: { pairing: DisplayPairing; onEnded: (reason: PairingEnd) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const showroom = useShowroom({ pairing: pairing.pairing });
  const [look, setLook] = useState<Look | null>(() => storedLook(pairing.pairing));
  const lookRef = useRef<Look | null>(null);
  lookRef.current = look;
  const { socket, isOpen } = useRemoteSocket(pairing.pairing, lookRef, onEnded);

  useEffect(() => {
    if (showroom.data && !lookRef.current) setLook(firstLook(showroom.data));
  }, [showroom.data]);

  const change = (next: Look) => {
    setLook(next);
    keepLook(pairing.pairing, next);
    socket.current?.send({ type: 'look', look: next });
  };
  if (showroom.isError) return <Alert color="red">{errorText(showroom.error, 'app.controller.not-loaded')}</Alert>;
  if (!showroom.data || !look) return <Loader />;
  const data = showroom.data;
  const money = data.project.showsPrices
    ? moneyFor({ currency: data.project.currency, locale: data.project.locale })
    : null;
  const rooms = roomsOfPlan(data, look.plan);
  const categories = categoriesOfRoom(data, look.room, look.plan);
  const camera = look.camera ?? STANDARD_VIEW;
  return (
    <Stack gap="md" data-testid="remote" data-open={isOpen}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" truncate>
            {data.project.name}
          </Text>
          <Title order={1} fz={22} style={{ overflowWrap: 'anywhere' }}>
            {pairing.display.name || t('app.controller.screen')}
          </Title>
        </Stack>
        <Button
          color="red"
          variant="light"
          onClick={() => socket.current?.send({ type: 'end' }) || onEnded('ended')}
          data-testid="end-visit"
        >
          {t('app.controller.end')}
        </Button>
      </Group>
      {!isOpen && (
        <Badge color="orange" variant="light">
          {t('app.controller.reconnecting')}
        </Badge>
      )}
      {data.plans.length > 1 && (
        <Select
          label={t('app.controller.plan')}
          data={data.plans.map((plan) => ({ value: plan._id, label: plan.name }))}
          value={look.plan}
          allowDeselect={false}
          onChange={(plan) =>
            plan && change({ ...look, plan, room: roomsOfPlan(data, plan)[0]?._id ?? null, finishes: {} })
          }
        />
      )}
      <RoomButtons rooms={rooms} room={look.room} onRoom={(room) => change({ ...look, room })} />
      <Accordion variant="separated" radius="md" defaultValue={categories[0]?._id ?? null} key={look.room ?? ''}>
        {categories.map((category) => (
          <Accordion.Item key={category._id} value={category._id}>
            <Accordion.Control>
              <Text fw={600}>{category.name}</Text>
              <Text size="xs" c="dimmed">
                {category.options.find((o) => o._id === look.finishes[category._id])?.name ??
                  t('app.controller.as-built')}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <SimpleGrid cols={2} spacing="xs">
                {category.options.map((option) => (
                  <OptionTile
                    key={option._id}
                    option={option}
                    isChosen={look.finishes[category._id] === option._id}
                    price={
                      money && option.price !== null
                        ? option.price === 0
                          ? t('app.controller.included')
                          : `+${money(option.price)}`
                        : null
                    }
                    onChoose={() => change({ ...look, finishes: { ...look.finishes, [category._id]: option._id } })}
                  />
                ))}
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <ViewPad camera={camera} onChange={(next) => change({ ...look, camera: { ...camera, ...next } })} />
      <TakeHome pairing={pairing.pairing} look={look} />
      <Button
        variant="subtle"
        onClick={() => {
          setLook(firstLook(data));
          keepLook(pairing.pairing, firstLook(data));
          socket.current?.send({ type: 'reset' });
        }}
      >
        {t('app.controller.start-over')}
      </Button>
    </Stack>
  );
}

/** The rooms of the plan shown, one button each; the one on the screen is filled. */
function RoomButtons({
  rooms,
  room,
  onRoom,
}: {
  rooms: Array<{ _id: string; name: string }>;
  room: string | null;
  onRoom: (room: string) => void;
}) {
  const t = useT();
  return (
    <Stack gap={6}>
      <Text fw={600}>{t('app.controller.room')}</Text>
      <Group gap="xs" data-testid="remote-rooms">
        {rooms.map((each) => (
          <Button
            key={each._id}
            size="md"
            variant={each._id === room ? 'filled' : 'default'}
            onClick={() => onRoom(each._id)}
          >
            {each.name}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** One finish of a category on the remote: its swatch, its name and its price, pressed when it is the one shown. */
function OptionTile({
  option,
  isChosen,
  price,
  onChoose,
}: {
  option: { name: string; swatch?: { color?: string | null } | null };
  isChosen: boolean;
  price: string | null;
  onChoose: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onChoose}
      aria-pressed={isChosen}
      data-testid="remote-option"
      p={8}
      style={{
        border: `2px solid ${isChosen ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
        borderRadius: 8,
        minHeight: 48,
      }}
    >
      <Group gap={8} wrap="nowrap">
        <span
          aria-hidden
          style={{
            width: 28,
            height: 28,
            flexShrink: 0,
            borderRadius: 6,
            background: option.swatch?.color ?? 'transparent',
            border: '1px solid rgba(0,0,0,0.15)',
          }}
        />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={isChosen ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
            {option.name}
          </Text>
          {price && (
            <Text size="xs" c="dimmed">
              {price}
            </Text>
          )}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

type View = typeof STANDARD_VIEW;

/** Turning, raising and zooming the screen's view, a step per tap. */
function ViewPad({ camera, onChange }: { camera: View; onChange: (change: Partial<View>) => void }) {
  const t = useT();
  return (
    <Card
      withBorder
      padding="xs"
      radius="md"
      shadow="sm"
      pos="sticky"
      bottom={8}
      style={{ zIndex: 2 }}
      data-testid="view-pad"
    >
      <Text fw={600} size="sm" mb={4}>
        {t('app.controller.view')}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        <Button variant="default" onClick={() => onChange({ yaw: Math.max(-180, camera.yaw - 30) })}>
          <span aria-hidden>⟲</span>&nbsp;{t('app.controller.left')}
        </Button>
        <Button variant="default" onClick={() => onChange({ pitch: Math.min(80, camera.pitch + 10) })}>
          <span aria-hidden>↑</span>&nbsp;{t('app.controller.higher')}
        </Button>
        <Button variant="default" onClick={() => onChange({ yaw: Math.min(180, camera.yaw + 30) })}>
          {t('app.controller.right')}&nbsp;<span aria-hidden>⟳</span>
        </Button>
        <Button
          variant="default"
          onClick={() => onChange({ zoom: Math.max(0.5, Math.round((camera.zoom - 0.25) * 100) / 100) })}
        >
          <span aria-hidden>−</span>&nbsp;{t('app.controller.back')}
        </Button>
        <Button variant="default" onClick={() => onChange({ pitch: Math.max(-10, camera.pitch - 10) })}>
          <span aria-hidden>↓</span>&nbsp;{t('app.controller.lower')}
        </Button>
        <Button
          variant="default"
          onClick={() => onChange({ zoom: Math.min(2, Math.round((camera.zoom + 0.25) * 100) / 100) })}
        >
          <span aria-hidden>+</span>&nbsp;{t('app.controller.closer')}
        </Button>
      </SimpleGrid>
    </Card>
  );
}
