// Renders the demo catalog's drawings into one contact sheet (/tmp/contact.png) to look at them.
// Usage: npx tsx apps/api/src/scripts/demo/preview-images.ts [name filter] [--full]
import sharp from 'sharp';
import { demoProducts } from './catalog.ts';
import { collectionImageSvg, productImageSvgs } from './garments.ts';

async function png(svg: string, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(width, height).png().toBuffer();
}

// --one NAME: every image of the first matching product side by side at half size, to /tmp/one.png.
const oneAt = process.argv.indexOf('--one');
if (oneAt > 0) {
  const needle = (process.argv[oneAt + 1] ?? '').toLowerCase();
  const product = demoProducts.find((p) => p.name.toLowerCase().includes(needle) || p.garment === needle);
  if (!product) throw new Error(`no product matches ${needle}`);
  const arts = productImageSvgs(product);
  const tiles = await Promise.all(arts.map(async (art, i) => ({ input: await png(art.svg, 450, 600), left: i * 455, top: 0 })));
  await sharp({ create: { width: arts.length * 455, height: 600, channels: 3, background: '#ffffff' } }).composite(tiles).png().toFile('/tmp/one.png');
  console.log(`/tmp/one.png: ${product.name}`);
  process.exit(0);
}

const filter = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2].toLowerCase() : '';
const cellW = 225;
const cellH = 300;
const cols = 8;


const products = demoProducts.filter((p) => !filter || p.name.toLowerCase().includes(filter) || p.garment === filter);
const tiles: { input: Buffer; left: number; top: number }[] = [];
let timeTotal = 0;
let timeCount = 0;
let timeMax = 0;
for (const [i, product] of products.entries()) {
  const arts = productImageSvgs(product);
  for (const art of arts) {
    // CPU time rather than wall time: the numbers stay meaningful on a busy machine.
    const t = process.cpuUsage();
    await sharp(Buffer.from(art.svg)).png().toBuffer();
    const used = process.cpuUsage(t);
    const ms = (used.user + used.system) / 1000;
    timeTotal += ms;
    timeCount++;
    timeMax = Math.max(timeMax, ms);
  }
  tiles.push({ input: await png(arts[0]!.svg, cellW, cellH), left: (i % cols) * cellW, top: Math.floor(i / cols) * cellH });
}
let y = Math.ceil(products.length / cols) * cellH + 20;

const samples = filter ? products.slice(0, 6) : [0, 14, 34, 58].map((i) => demoProducts[i]!).filter(Boolean);
for (const product of samples) {
  const arts = productImageSvgs(product);
  for (const [j, art] of arts.entries()) tiles.push({ input: await png(art.svg, cellW * 2 - 10, cellH * 2 - 13), left: j * cellW * 2, top: y });
  y += cellH * 2;
}
if (!filter) {
  tiles.push({ input: await png(collectionImageSvg('women'), 720, 900), left: 0, top: y + 20 });
  tiles.push({ input: await png(collectionImageSvg('men'), 720, 900), left: 740, top: y + 20 });
  y += 940;
}
await sharp({ create: { width: cols * cellW, height: y, channels: 3, background: '#ffffff' } })
  .composite(tiles)
  .png()
  .toFile('/tmp/contact.png');
console.log(`/tmp/contact.png: ${products.length} products; render ${(timeTotal / timeCount).toFixed(1)} ms avg, ${timeMax.toFixed(1)} ms max CPU per 900x1200 image`);
