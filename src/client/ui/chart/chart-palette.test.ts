import { expect, test } from 'vitest';
import { baseChartOptions, type ChartPalette } from './chart-palette';

const palette: ChartPalette = {
  background: 'rgb(255, 255, 255)',
  text: 'rgb(0, 0, 0)',
  muted: 'rgb(90, 90, 90)',
  grid: 'rgba(200, 200, 200, 0.7)',
  axis: 'rgb(150, 150, 150)',
  up: 'rgb(0, 128, 0)',
  down: 'rgb(200, 0, 0)',
  accent: 'rgb(180, 64, 11)',
  focus: 'rgb(29, 78, 216)',
  font: 'sans-serif',
};

test('the price scale leaves out a top or bottom label the canvas would cut in half', () => {
  expect(baseChartOptions(palette).rightPriceScale).toMatchObject({ entireTextOnly: true });
});
