import { categoryOf, popularCarBrands, type CarCollectionResponse, type CarModel } from '@crm/shared';
import { asianBrands } from './car-collection.data.asia';
import { chineseBrands } from './car-collection.data.china';
import { europeanBrands } from './car-collection.data.europe';
import { americanBrands, russianBrands } from './car-collection.data.other';
import { bodyTypeNames, type BrandModels } from './car-collection.types';

// prettier-ignore
const translit: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

/** A stable URL-safe id part: 'Mercedes-Benz' → 'mercedes-benz', '3 серии' → '3-serii', '#1' → '1'. */
export function slug(text: string): string {
  return [...text.toLowerCase()]
    .map((ch) => translit[ch] ?? ch)
    .join('')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const byName = (a: string, b: string) => a.localeCompare(b, 'ru', { numeric: true, sensitivity: 'base' });

/**
 * Expands the grouped data into the S2 §3 collection: brand → models, each with its id (`kia-rio`), body type,
 * class and wash category. Throws on a duplicate brand, model or id: the data is hand-written, and a silent
 * duplicate would show twice in the order form.
 */
export function buildCarCollection(sources: readonly BrandModels[]): Record<string, CarModel[]> {
  const brands = new Map<string, CarModel[]>();
  const ids = new Set<string>();
  for (const source of sources) {
    for (const [brand, groups] of Object.entries(source)) {
      if (brands.has(brand)) throw new Error(`car collection: brand ${brand} listed twice`);
      const models: CarModel[] = [];
      for (const [kuzov, carClass, names] of groups) {
        for (const model of names.split(',').map((n) => n.trim())) {
          const id = `${slug(brand)}-${slug(model)}`;
          if (ids.has(id)) throw new Error(`car collection: duplicate model ${brand} ${model} (${id})`);
          ids.add(id);
          models.push({
            id,
            model,
            ru_body_name: bodyTypeNames[kuzov],
            class: carClass,
            kuzov,
            category: carClass,
            category_ru: categoryOf(carClass).ru_name,
          });
        }
      }
      brands.set(
        brand,
        models.sort((a, b) => byName(a.model, b.model)),
      );
    }
  }
  return Object.fromEntries([...brands.entries()].sort(([a], [b]) => byName(a, b)));
}

/** The collection shipped with the product, built once at startup. */
export const carCollection: CarCollectionResponse = {
  collection: buildCarCollection([europeanBrands, asianBrands, chineseBrands, russianBrands, americanBrands]),
  popular: [...popularCarBrands],
};

const modelsById = new Map(
  Object.entries(carCollection.collection).flatMap(([brand, models]) =>
    models.map((m) => [m.id, { brand, ...m }] as const),
  ),
);

/** A model with its brand by id (`kia-rio`), or undefined. */
export function carModelById(id: string): (CarModel & { brand: string }) | undefined {
  return modelsById.get(id);
}
