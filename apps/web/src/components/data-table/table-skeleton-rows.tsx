import { Skeleton, Table } from '@mantine/core';

/** One placeholder per column: its width and height, so loading rows take the shape of the real ones. */
export type SkeletonCell = { column: string; w?: number; h: number };

const ROW_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

/** Loading rows for any table body: `rows` rows of the given cells (a cell without a width stays empty). */
export function TableSkeletonRows({ cells, rows }: { cells: readonly SkeletonCell[]; rows: number }) {
  return (
    <Table.Tbody aria-busy="true">
      {ROW_KEYS.slice(0, rows).map((row) => (
        <Table.Tr key={row}>
          {cells.map(({ column, w, h }) => (
            <Table.Td key={column}>{w === undefined ? null : <Skeleton h={h} w={w} radius="sm" />}</Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}
