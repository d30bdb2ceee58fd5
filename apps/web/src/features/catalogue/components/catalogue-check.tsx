import { Alert, List, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { catalogueCheckQuery } from '../api/get-catalogue-check.ts';

/** The catalogue check (docs/back-office.md): what would stop buyers, before they hit it. */
export function CatalogueCheck() {
  const check = useQuery(catalogueCheckQuery);
  if (check.isError) return <Alert color="red">The catalogue could not be checked.</Alert>;
  if (!check.data) return <Skeleton h={60} />;
  const { problems } = check.data;
  if (!problems.length) {
    return (
      <Alert color="green" title="Catalogue check" data-testid="catalogue-check">
        Nothing stops buyers: every rule can be met, every required category has a choice on every plan, every package can be applied, every finish drawn in 3D
        has a swatch, and no room of a minimap covers another.
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      title={`Catalogue check: ${problems.length} problem${problems.length === 1 ? '' : 's'} buyers would hit`}
      data-testid="catalogue-check"
    >
      <List size="sm" spacing={4}>
        {problems.slice(0, 30).map((problem, index) => (
          <List.Item key={index}>{problem.text}</List.Item>
        ))}
      </List>
      {problems.length > 30 && <Text size="sm">…and {problems.length - 30} more.</Text>}
    </Alert>
  );
}
