import { tinyPdf } from '../../test/fixtures/tiny-pdf';
import { readPdf } from './pdf-text';

describe('readPdf', () => {
  it("reads a PDF's title, subject, page count and text, without page markers", async () => {
    const pdf = tinyPdf(
      [['Knife Skills for Home Cooks', 'Hold the knife with a pinch grip for control.'], ['Dicing an onion takes three cuts.']],
      { title: 'Knife Skills', subject: 'A printable guide to the basic cuts' },
    );
    expect(await readPdf(pdf)).toEqual({
      title: 'Knife Skills',
      subject: 'A printable guide to the basic cuts',
      pages: 2,
      text: 'Knife Skills for Home Cooks Hold the knife with a pinch grip for control. Dicing an onion takes three cuts.',
    });
  });

  it('refuses bytes that are not a PDF', async () => {
    await expect(readPdf(Buffer.from('not a pdf at all'))).rejects.toThrow();
  });
});
