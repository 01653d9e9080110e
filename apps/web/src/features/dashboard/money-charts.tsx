// Loaded lazily by the money panel: recharts and the charts stylesheet come
// with this chunk, on the dashboard only, never with the first page.
import '@mantine/charts/styles.css';

import { BarChart, BarsList, DonutChart } from '@mantine/charts';
import { Group, Text } from '@mantine/core';
import { occupancyRate } from '@makazi/domain';

import { useT } from '../../lib/i18n';

const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * The month's rent collected against charged, as a ring. Decoration only:
 * the panel writes the same numbers as text beside it, so the chart is hidden
 * from assistive technology and takes no focus.
 */
export function CollectionDonut({
  charged,
  collected,
  label,
}: {
  charged: number;
  collected: number;
  label: string;
}) {
  const { t } = useT();
  const data =
    charged > 0
      ? [
          { name: t('dashboard.money.chartCollected'), value: Math.min(collected, charged), color: 'teal.6' },
          { name: t('dashboard.money.chartNotCollected'), value: Math.max(charged - collected, 0), color: 'gray.3' },
        ]
      : [{ name: t('dashboard.money.chartNothing'), value: 1, color: 'gray.3' }];
  return (
    <div aria-hidden="true">
      <DonutChart
        data={data}
        size={148}
        thickness={18}
        chartLabel={label}
        withTooltip={false}
        paddingAngle={charged > 0 && collected > 0 && collected < charged ? 2 : 0}
        // One whole slice would show its border as a seam.
        strokeWidth={data.filter((d) => d.value > 0).length > 1 ? 1 : 0}
        pieChartProps={{ accessibilityLayer: false }}
        pieProps={{ isAnimationActive: false, rootTabIndex: -1 }}
      />
      <Group gap="sm" justify="center" mt={6}>
        {data.map((d) => (
          <Group key={d.name} gap={4} wrap="nowrap">
            <span
              style={{
                width: 10,
                height: 10,
                borderRadius: 2,
                background: `var(--mantine-color-${d.color.replace('.', '-')})`,
              }}
            />
            <Text size="xs" c="dimmed">
              {d.name}
            </Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}

/** Rent arrears per age band as bars; the panel lists the same amounts as text. */
export function ArrearsBars({ bands }: { bands: { axis: string; amount: number }[] }) {
  const { t } = useT();
  return (
    <div aria-hidden="true">
      <BarChart
        h={200}
        data={bands}
        dataKey="axis"
        series={[{ name: 'amount', label: t('dashboard.money.rentArrears'), color: 'orange.6' }]}
        valueFormatter={(value) => compact.format(value)}
        withTooltip={false}
        tickLine="none"
        xAxisLabel={t('dashboard.money.daysUnpaid')}
        xAxisProps={{ interval: 0 }}
        barChartProps={{ accessibilityLayer: false }}
        barProps={{ isAnimationActive: false }}
      />
    </div>
  );
}

/** Occupied houses per property as a list of bars, each named with its count in words (readable as it is). */
export function OccupancyBars({
  properties,
}: {
  properties: { PropId: number; Property_name: string; occupied: number; total: number }[];
}) {
  const { t } = useT();
  return (
    <BarsList
      barsLabel={t('dashboard.money.property')}
      valueLabel={t('dashboard.properties.occupied')}
      data={properties.map((p) => ({
        name: t('dashboard.money.occupiedBar', { property: p.Property_name, occupied: p.occupied, total: p.total }),
        value: occupancyRate(p.occupied, p.total),
        color: 'teal.2',
      }))}
      valueFormatter={(value) => `${value}%`}
      minBarSize={0}
    />
  );
}
