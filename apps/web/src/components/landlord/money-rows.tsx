import { Group, Paper, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export interface MoneyColumn<R> {
  key: string;
  label: string;
  cell: (row: R) => ReactNode;
  /** An amount: right-aligned in the table, a labelled line of its own on a phone. */
  amount?: boolean;
}

/**
 * Rows of money the landlord and the office read alike: a table from the sm
 * breakpoint up; below it each row stacks, its words on top and each amount
 * on a labelled line, so no amount is ever off the side of a phone's screen
 * (docs/screens.md#lists-on-narrow-screens).
 */
export function MoneyRows<R>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  columns: MoneyColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string;
}) {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false }) ?? true;
  if (wide) {
    return (
      <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
        <Table aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.amount ? 'right' : undefined}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={rowKey(r)}>
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.amount ? 'right' : undefined}>
                    {c.cell(r)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  const words = columns.filter((c) => !c.amount);
  const amounts = columns.filter((c) => c.amount);
  return (
    <Stack gap="xs" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((r) => (
        <Paper key={rowKey(r)} component="li" withBorder radius="sm" p="xs">
          <Group gap={6} wrap="wrap">
            {words.map((c) => (
              <Text key={c.key} size="sm" component="span">
                {c.cell(r)}
              </Text>
            ))}
          </Group>
          {amounts.map((c) => (
            <Group key={c.key} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" c="dimmed">
                {c.label}
              </Text>
              <Text size="sm" fw={600}>
                {c.cell(r)}
              </Text>
            </Group>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
