import { useMemo } from 'react';
import { Box, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type CategoryDocument, groupCartLines, type OptionDocument } from '@decor/core';
import { cartQuery } from '../../../lib/cart-query.ts';
import { myCartsQuery } from '../../../lib/cart-summary.ts';
import { useCatalogue } from '../../../lib/catalogue.ts';
import { useProject } from '../../../lib/project.ts';
import { useT } from '../../../lib/i18n.ts';
import { Conversation } from './conversation.tsx';
import { StaffNotes } from './staff-notes.tsx';
import type { LineChoice } from './comment-composer.tsx';

/** The lines of a selection a message may be about: each category chosen in a room, named "Kitchen · Flooring". */
function useLineChoices(cartId: string | undefined): LineChoice[] {
  const { data: project } = useProject();
  const cart = useQuery(cartQuery(cartId));
  const options = useCatalogue<OptionDocument>('options');
  const categories = useCatalogue<CategoryDocument>('categories');
  const t = useT();
  return useMemo(() => {
    if (!project || !cart.data || !options.data || !categories.data) return [];
    const view = {
      rooms: project.rooms,
      options: new Map(options.data.map((o) => [o._id, o])),
      categories: new Map(categories.data.map((c) => [c._id, c])),
      say: t,
    };
    const seen = new Set<string>();
    return groupCartLines(cart.data.selections, view).flatMap(({ room, lines }) =>
      room._id
        ? lines.flatMap(({ category }) => {
            if (!category || seen.has(`${room._id}:${category._id}`)) return [];
            seen.add(`${room._id}:${category._id}`);
            return [{ room: room._id, category: category._id, label: `${room.name} · ${category.name}` }];
          })
        : [],
    );
  }, [project, cart.data, options.data, categories.data, t]);
}

/** My selection's conversation with the design centre (the buyer's first selection when none is named). */
export function BuyerConversation({ cartId }: { cartId?: string | undefined }) {
  const mine = useQuery({ ...myCartsQuery, enabled: !cartId });
  const id = cartId ?? mine.data?.[0]?._id;
  const lines = useLineChoices(id);
  return id ? (
    <Box maw={960}>
      <Conversation cartId={id} lines={lines} asStaff={false} />
    </Box>
  ) : null;
}

/** A selection's conversation with its buyers, beside the design centre's notes on its unit. */
export function StaffConversation({ cartId }: { cartId: string }) {
  const cart = useQuery(cartQuery(cartId));
  const lines = useLineChoices(cartId);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={1100}>
      <Conversation cartId={cartId} lines={lines} asStaff />
      {cart.data && <StaffNotes unitId={cart.data.unit} cartId={cartId} />}
    </SimpleGrid>
  );
}
