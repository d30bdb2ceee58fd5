import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Alert, Box, FileInput, Group, Select, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { uploadFile } from '../../../lib/collection-store.ts';
import { pinShift } from '../../../components/room/pin.ts';
import { adminProjectsQuery } from '../../../lib/admin-queries.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';

interface Plan {
  _id: string;
  _version: number;
  name: string;
  rooms: string[];
  minimap?: string | null;
}
interface Room {
  _id: string;
  _version: number;
  name: string;
  hotspot?: { x: number; y: number } | null;
}

const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;

/** `/admin/minimaps`: a plan's floor-plan picture and its rooms pinned on it, which /explore then shows. */
export function AdminMinimaps() {
  const t = useT();
  const projects = useQuery(adminProjectsQuery());
  const [projectKey, setProjectKey] = useState<string | null>(null);
  const key = projectKey ?? projects.data?.[0]?.key ?? null;
  return (
    <Stack gap="md">
      <Select
        label={t('app.adm.users.project')}
        data={(projects.data ?? []).map((p) => ({ value: p.key, label: `${p.name} (${p.key})` }))}
        value={key}
        onChange={setProjectKey}
        allowDeselect={false}
        searchable
        w={{ base: '100%', sm: 320 }}
      />
      {key ? <PlanPicker key={key} projectKey={key} /> : <Skeleton h={200} />}
    </Stack>
  );
}

function PlanPicker({ projectKey }: { projectKey: string }) {
  const t = useT();
  const headers = { ProjectId: projectKey };
  const plans = useQuery({
    queryKey: ['admin', 'minimaps', projectKey, 'plans'],
    queryFn: ({ signal }) => api<Plan[]>('/api/schema/plans/?limit=200', { signal, headers }),
  });
  const rooms = useQuery({
    queryKey: ['admin', 'minimaps', projectKey, 'rooms'],
    queryFn: ({ signal }) => api<Room[]>('/api/schema/rooms/?limit=200', { signal, headers }),
  });
  const [planId, setPlanId] = useState<string | null>(null);
  if (plans.isError || rooms.isError) return <Alert color="red">{t('app.adm.minimaps.not-loaded')}</Alert>;
  if (!plans.data || !rooms.data) return <Skeleton h={300} />;
  if (plans.data.length === 0) return <Text c="dimmed">{t('app.adm.minimaps.no-plan')}</Text>;
  const plan = plans.data.find((p) => p._id === planId) ?? plans.data[0]!;
  return (
    <Stack gap="md">
      <Select
        label={t('app.field.plan')}
        data={plans.data.map((p) => ({ value: p._id, label: p.name }))}
        value={plan._id}
        onChange={setPlanId}
        allowDeselect={false}
        w={{ base: '100%', sm: 320 }}
      />
      <PlanEditor
        key={plan._id}
        projectKey={projectKey}
        plan={plan}
        rooms={rooms.data.filter((r) => plan.rooms.includes(r._id))}
      />
    </Stack>
  );
}

function PlanEditor({ projectKey, plan, rooms }: { projectKey: string; plan: Plan; rooms: Room[] }) {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const headers = { ProjectId: projectKey };
  const picture = useRef<HTMLDivElement>(null);
  const [positions, setPositions] = useState<Record<string, { x: number; y: number }>>(() =>
    Object.fromEntries(rooms.map((r, i) => [r._id, r.hotspot ?? { x: (i + 0.5) / rooms.length, y: 0.5 }])),
  );
  const [dragging, setDragging] = useState<string | null>(null);
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const [isUploading, setUploading] = useState(false);
  const versions = useRef(new Map(rooms.map((r) => [r._id, r._version])));
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'minimaps', projectKey] });

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setMessage(null);
    try {
      const uploaded = await uploadFile({ file, projectKey, configs: { purpose: 'minimap' } });
      await api(`/api/schema/plans/${plan._id}`, {
        method: 'PATCH',
        headers,
        body: { minimap: uploaded._id, _version: plan._version },
      });
      await refresh();
      setMessage({ color: 'green', text: t('app.adm.minimaps.saved') });
    } catch (caught) {
      setMessage({ color: 'red', text: errorText(caught, 'app.adm.minimaps.not-saved') });
    } finally {
      setUploading(false);
    }
  };

  const save = async (roomId: string, hotspot: { x: number; y: number }) => {
    try {
      const saved = await api<Room>(`/api/schema/rooms/${roomId}`, {
        method: 'PATCH',
        headers,
        body: { hotspot, _version: versions.current.get(roomId) },
      });
      versions.current.set(roomId, saved._version);
      setMessage({ color: 'green', text: t('app.adm.minimaps.placed', { room: String(saved.name) }) });
    } catch (caught) {
      setMessage({ color: 'red', text: errorText(caught, 'app.adm.minimaps.place-not-saved') });
      await refresh();
    }
  };

  const placeAt = (roomId: string, event: PointerEvent) => {
    const box = picture.current?.getBoundingClientRect();
    if (!box) return null;
    const hotspot = {
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    };
    setPositions((current) => ({ ...current, [roomId]: hotspot }));
    return hotspot;
  };

  const nudge = (room: Room, event: KeyboardEvent) => {
    const step = event.shiftKey ? 0.05 : 0.01;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
      event.key
    ];
    if (!delta) return;
    event.preventDefault();
    const at = positions[room._id]!;
    const hotspot = { x: clamp(at.x + delta[0]!), y: clamp(at.y + delta[1]!) };
    setPositions((current) => ({ ...current, [room._id]: hotspot }));
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void save(room._id, hotspot), 500);
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <Stack gap="sm">
        <FileInput
          label={t('app.adm.minimaps.picture')}
          placeholder={plan.minimap ? t('app.adm.minimaps.another') : t('app.adm.minimaps.choose')}
          accept="image/png,image/jpeg,image/webp"
          onChange={(file) => void upload(file)}
          disabled={isUploading}
        />
        <Text size="sm" c="dimmed">
          {t('app.adm.minimaps.help')}
        </Text>
        {message && (
          <Alert color={message.color} data-testid="minimap-message">
            {message.text}
          </Alert>
        )}
      </Stack>
      <Box style={{ gridColumn: 'span 2' }}>
        {plan.minimap ? (
          <Box
            ref={picture}
            pos="relative"
            data-testid="minimap-editor"
            style={{ touchAction: 'none', userSelect: 'none' }}
          >
            <img
              src={`/api/files/${plan.minimap}`}
              alt={t('app.adm.minimaps.alt', { plan: plan.name })}
              draggable={false}
              style={{
                display: 'block',
                width: '100%',
                height: 'auto',
                borderRadius: 6,
                border: '1px solid var(--mantine-color-gray-4)',
              }}
            />
            {rooms.map((room) => {
              const at = positions[room._id]!;
              return (
                <UnstyledButton
                  key={room._id}
                  aria-label={t('app.adm.minimaps.at', { room: room.name, x: at.x, y: at.y })}
                  data-testid="hotspot"
                  data-room={room.name}
                  pos="absolute"
                  left={`${at.x * 100}%`}
                  top={`${at.y * 100}%`}
                  fz={12}
                  fw={600}
                  px={8}
                  py={4}
                  onPointerDown={(event) => {
                    event.currentTarget.setPointerCapture(event.pointerId);
                    setDragging(room._id);
                  }}
                  onPointerMove={(event) => dragging === room._id && placeAt(room._id, event)}
                  onPointerUp={(event) => {
                    if (dragging !== room._id) return;
                    setDragging(null);
                    const hotspot = placeAt(room._id, event);
                    if (hotspot) void save(room._id, hotspot);
                  }}
                  onKeyDown={(event) => nudge(room, event)}
                  style={{
                    transform: pinShift(at.x),
                    borderRadius: 999,
                    whiteSpace: 'nowrap',
                    cursor: dragging === room._id ? 'grabbing' : 'grab',
                    border: '1px solid var(--mantine-color-gray-7)',
                    background:
                      dragging === room._id ? 'var(--mantine-color-brand-filled)' : 'rgba(255, 255, 255, 0.94)',
                    color: dragging === room._id ? '#fff' : 'var(--mantine-color-gray-9)',
                  }}
                >
                  {room.name}
                </UnstyledButton>
              );
            })}
          </Box>
        ) : (
          <Group h={240} justify="center" style={{ border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 8 }}>
            <Text c="dimmed">{t('app.adm.minimaps.first')}</Text>
          </Group>
        )}
      </Box>
    </SimpleGrid>
  );
}
