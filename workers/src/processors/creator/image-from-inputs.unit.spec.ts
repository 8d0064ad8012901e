import { fileIdOfRun, generatedFileName } from './image-from-inputs.processor';

describe('the picture a run makes', () => {
  it('is stored under the run: its id when a UUID, else a UUID made from it, the same each time', () => {
    const run = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
    expect(fileIdOfRun(run)).toBe(run);
    const made = fileIdOfRun('run-7');
    expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(fileIdOfRun('run-7')).toBe(made);
  });

  it('is named after the words it was made from', () => {
    expect(generatedFileName('A poster for the Spring Bake!')).toBe('generated-a-poster-for-the-spring-bake.png');
    expect(generatedFileName('Crème brûlée')).toBe('generated-creme-brulee.png');
    expect(generatedFileName('!!!')).toBe('generated-image.png');
    expect(generatedFileName('x'.repeat(80))).toBe(`generated-${'x'.repeat(48)}.png`);
  });
});
