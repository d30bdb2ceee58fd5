import { useMemo, useState } from 'react';
import { Alert, Button, Group, Select, Skeleton, Slider, Stack, Text } from '@mantine/core';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { useZone } from '../../../lib/use-dates.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  finishesByRoom,
  SURFACES,
  type CategoryDocument,
  type OptionDocument,
  type ProjectResponse,
  type Selection,
} from '@decor/core';
import { api } from '../../../lib/api-client.ts';
import { currentOfConflict, useVersionedDraft } from '../../../lib/versioned-draft.ts';
import { ConflictNotice } from '../../../components/ui/conflict-notice.tsx';
import { createCollectionStore, type CollectionItem } from '../../../lib/collection-store.ts';
import { allItemsQuery } from '../../../lib/collection-choices.ts';
import { currentProjectKey } from '../../../config/env.ts';
import { projectQuery, useProjectAsWritten } from '../../../lib/project.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { RoomExplorer } from '../../../components/room/room-explorer.tsx';
import { sceneRoomsOf } from '../../../components/room/room-layout.ts';
import { useErrorText, useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';

type Category = CollectionItem & CategoryDocument;
type Option = CollectionItem & OptionDocument;
type Room = CollectionItem & { name: string; dimensions?: { w: number; d: number; h: number } | null };

/** `/manage/runtime`: which category paints which 3D surface, room sizes, light and first view, with a live room beside them. */
export function RuntimeSettings() {
  const t = useT();
  const categories = useQuery(allItemsQuery<Category>('categories'));
  const rooms = useQuery(allItemsQuery<Room>('rooms'));
  const options = useQuery(allItemsQuery<Option>('options', 5_000));
  const { data: project } = useProjectAsWritten();
  if (categories.isError || rooms.isError || options.isError)
    return <Alert color="red">{t('app.runtime.not-loaded')}</Alert>;
  if (!categories.data || !rooms.data || !options.data || !project) return <Skeleton h={400} />;
  return <Settings categories={categories.data} rooms={rooms.data} options={options.data} project={project} />;
}

function Settings({
  categories,
  rooms,
  options,
  project,
}: {
  categories: Category[];
  rooms: Room[];
  options: Option[];
  project: ProjectResponse;
}) {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['collection'] }),
      queryClient.invalidateQueries({ queryKey: ['catalogue'] }),
      queryClient.invalidateQueries({ queryKey: projectQuery(currentProjectKey()).queryKey }),
    ]);
  };
  const saveItem = async (
    collection: 'categories' | 'rooms',
    item: CollectionItem,
    changes: Record<string, unknown>,
    said: string,
  ) => {
    setMessage(null);
    try {
      await createCollectionStore(collection).update({ _id: item._id, _version: item._version }, changes);
      setMessage({ color: 'green', text: said });
    } catch (caught) {
      setMessage({ color: 'red', text: errorText(caught, 'app.runtime.not-saved') });
    } finally {
      await refresh();
    }
  };

  // The preview shows each mapped category's first option, so a mapping can be seen at once.
  const sampleFinishes = useMemo(() => {
    const byId = new Map(options.map((o) => [o._id, o]));
    const categoryById = new Map(categories.map((c) => [c._id, c]));
    const sceneRooms = sceneRoomsOf(rooms, categories, null);
    const selections: Selection[] = [];
    for (const category of categories.filter((c) => c.surface)) {
      const sample = options.find((o) => o.category === category._id && o.active && o.swatch);
      if (!sample) continue;
      for (const room of category.rooms.length ? category.rooms : rooms.map((r) => r._id))
        selections.push({ option: sample._id, room, quantity: 1 });
    }
    return {
      sceneRooms,
      finishes: finishesByRoom(selections, { rooms: sceneRooms, options: byId, categories: categoryById }),
    };
  }, [categories, options, rooms]);

  return (
    <Stack gap="lg">
      {message && (
        <Alert color={message.color} withCloseButton onClose={() => setMessage(null)} data-testid="runtime-message">
          {message.text}
        </Alert>
      )}
      <SectionCard title={t('app.runtime.surfaces')}>
        <Text size="sm" c="dimmed">
          {t('app.runtime.surfaces-help')}
        </Text>
        {/* A row per category that wraps on a phone: the choice is never off to the side. */}
        <Stack gap="xs" data-testid="surface-map">
          {categories.map((category) => (
            <Group key={category._id} justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">{category.name}</Text>
              <Select
                aria-label={t('app.runtime.surface-of', { category: category.name })}
                placeholder={t('app.runtime.not-drawn')}
                data={SURFACES.map((s) => ({ value: s, label: t(`app.room.surface.${s}`) }))}
                value={category.surface ?? null}
                clearable
                w={{ base: '100%', xs: 220 }}
                onChange={(surface) =>
                  void saveItem(
                    'categories',
                    category,
                    { surface: surface ?? null },
                    surface
                      ? t('app.runtime.paints', {
                          category: category.name,
                          surface: t(`app.room.surface.${surface as (typeof SURFACES)[number]}`).toLowerCase(),
                        })
                      : t('app.runtime.paints-nothing', { category: category.name }),
                  )
                }
              />
            </Group>
          ))}
        </Stack>
      </SectionCard>

      <SectionCard title={t('app.runtime.preview')}>
        <RoomExplorer rooms={sampleFinishes.sceneRooms} finishes={sampleFinishes.finishes} />
      </SectionCard>

      <SectionCard title={t('app.runtime.sizes')}>
        {rooms.map((room) => (
          <RoomSize
            key={`${room._id}-${room._version}`}
            room={room}
            onSave={(dimensions) =>
              saveItem('rooms', room, { dimensions }, t('app.runtime.size-saved', { room: room.name }))
            }
          />
        ))}
      </SectionCard>

      <SceneControls key={project._id} project={project} onSaved={refresh} onMessage={setMessage} />
    </Stack>
  );
}

function RoomSize({ room, onSave }: { room: Room; onSave: (dimensions: { w: number; d: number; h: number }) => void }) {
  const t = useT();
  const { locale } = useZone();
  const [size, setSize] = useState(room.dimensions ?? { w: 3.5, d: 4, h: 2.7 });
  // What a field holds while it is not a size (cleared, or typed in words): Save waits for it.
  const [unread, setUnread] = useState<Set<string>>(new Set());
  const changed = JSON.stringify(size) !== JSON.stringify(room.dimensions ?? { w: 3.5, d: 4, h: 2.7 });
  const field = (key: 'w' | 'd' | 'h', label: string, max: number) => (
    <NumberField
      label={label}
      value={size[key]}
      min={0.5}
      max={max}
      locale={locale}
      w={110}
      onChange={(value) => {
        const next = new Set(unread);
        if (typeof value === 'number') {
          next.delete(key);
          setSize({ ...size, [key]: value });
        } else next.add(key);
        setUnread(next);
      }}
    />
  );
  return (
    <Group align="end" gap="sm" wrap="wrap">
      <Text w={{ base: '100%', sm: 160 }} fw={500} pb={{ base: 0, sm: 8 }}>
        {room.name}
      </Text>
      {field('w', t('app.runtime.width'), 100)}
      {field('d', t('app.runtime.depth'), 100)}
      {field('h', t('app.runtime.height'), 20)}
      <Button variant="light" disabled={!changed || unread.size > 0} onClick={() => onSave(size)}>
        {t('app.runtime.save')}
      </Button>
    </Group>
  );
}

/** The scene's two settings as a form edits them. */
const sceneOf = (project: ProjectResponse) => ({
  brightness: project.options.scene?.brightness ?? 1,
  distance: project.options.scene?.cameraDistance ?? 1,
});

function SceneControls({
  project,
  onSaved,
  onMessage,
}: {
  project: ProjectResponse;
  onSaved: () => Promise<void>;
  onMessage: (m: { color: string; text: string }) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const { locale } = useLanguage();
  const number = (value: number) =>
    value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // Saved against the version last read; a 409 shows the current scene and keeps the sliders' values aside (lib/versioned-draft.ts).
  const draft = useVersionedDraft(sceneOf(project), project._version);
  const { brightness, distance } = draft.values;
  const setBrightness = (value: number) => draft.set({ brightness: value });
  const setDistance = (value: number) => draft.set({ distance: value });
  const [isSaving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const saved = await api<ProjectResponse>(`/api/projects/${project._id}`, {
        method: 'PATCH',
        body: {
          options: { scene: { brightness, cameraDistance: distance } },
          ...(draft.version ? { _version: draft.version } : {}),
        },
      });
      draft.settle(sceneOf(saved), saved._version);
      onMessage({ color: 'green', text: t('app.runtime.scene-saved') });
      await onSaved();
    } catch (caught) {
      const current = currentOfConflict<ProjectResponse>(caught);
      if (current) {
        draft.takeCurrent(sceneOf(current), current._version);
        await onSaved();
      } else onMessage({ color: 'red', text: errorText(caught, 'app.runtime.scene-not-saved') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <SectionCard title={t('app.runtime.scene')}>
      <Text size="sm">{t('app.runtime.brightness-value', { value: number(brightness) })}</Text>
      <Slider
        min={0.5}
        max={1.5}
        step={0.05}
        value={brightness}
        onChange={setBrightness}
        thumbLabel={t('app.runtime.brightness')}
      />
      <Text size="sm">{t('app.runtime.distance-value', { value: number(distance) })}</Text>
      <Slider
        min={0.6}
        max={1.6}
        step={0.05}
        value={distance}
        onChange={setDistance}
        thumbLabel={t('app.runtime.distance')}
      />
      {draft.keptAside && (
        <ConflictNotice
          fields={draft.keptAside.map((field) =>
            field === 'brightness' ? t('app.runtime.brightness') : t('app.runtime.distance'),
          )}
          onReapply={draft.reapply}
        />
      )}
      <Group>
        <Button onClick={save} loading={isSaving} disabled={!draft.isDirty}>
          {t('app.runtime.save-scene')}
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            setBrightness(1);
            setDistance(1);
          }}
        >
          {t('app.runtime.standard')}
        </Button>
      </Group>
    </SectionCard>
  );
}
