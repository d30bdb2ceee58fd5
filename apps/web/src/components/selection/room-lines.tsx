import { Card, Table, Title } from '@mantine/core';
import type { RoomLines } from '@decor/core';
import { useT } from '../../lib/i18n.ts';

/**
 * A cart's lines as cards, one per room: category, option (× quantity) and, when prices are
 * shown, its amount or "Included". Used by My selection and the shared preview.
 */
export function RoomLineCards({
  groups,
  money,
  lineTestId,
  headingOrder = 3,
}: {
  groups: RoomLines[];
  money: ((minor: number) => string) | null;
  lineTestId: string;
  /** The rooms' heading level: 2 where they are the page's first sections (My selection). */
  headingOrder?: 2 | 3;
}) {
  const t = useT();
  return groups.map(({ room, lines }) => (
    <Card key={room._id || 'home'} withBorder radius="md" padding="md" data-testid="review-room">
      <Title order={headingOrder} fz="md" mb="xs">
        {room.name}
      </Title>
      <Table verticalSpacing={6}>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={`${line.optionId}-${room._id}`} data-testid={lineTestId}>
              <Table.Td c="dimmed" w="35%">
                {line.category?.name ?? ''}
              </Table.Td>
              <Table.Td>
                {line.option?.name ?? t('pdf.no-longer-offered')}
                {line.quantity > 1 ? ` × ${line.quantity}` : ''}
              </Table.Td>
              {money && (
                <Table.Td ta="right">
                  {line.option ? (line.amount === 0 ? t('app.configure.included') : money(line.amount)) : ''}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  ));
}
