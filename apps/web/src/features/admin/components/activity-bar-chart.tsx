import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

type Series = { readonly name: string; readonly label: string; readonly color: string };

type ActivityBarChartProps = {
  height: number;
  data: Record<string, unknown>[];
  series: readonly Series[];
  valueFormatter: (value: number) => string;
};

/**
 * The bar chart of the admin dashboard's last 7 days, alone in its module: activity-chart.tsx loads it lazily, so
 * the chart library comes with the first chart shown rather than with every admin page.
 */
export function ActivityBarChart({ height, data, series, valueFormatter }: ActivityBarChartProps) {
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="day"
      series={series.map((entry) => ({ ...entry }))}
      withLegend
      // Legend in the order of the series (recharts sorts it by name otherwise).
      legendProps={{
        verticalAlign: 'bottom',
        height: 40,
        itemSorter: (item) => series.findIndex((entry) => entry.name === item.dataKey),
      }}
      tickLine="none"
      gridAxis="x"
      maxBarWidth={22}
      yAxisProps={{ allowDecimals: false, width: 32 }}
      valueFormatter={valueFormatter}
      barChartProps={{ accessibilityLayer: false, barGap: 2 }}
      tooltipAnimationDuration={150}
    />
  );
}
