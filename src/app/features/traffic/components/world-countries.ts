import { geoNaturalEarth1, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
// The numeric → alpha-2 table alone: the package's entry point also brings a diacritics table and
// locale lists this map never uses.
import isoCodes from 'i18n-iso-countries/codes.json';
import countries110m from 'world-atlas/countries-110m.json';

/** The SVG's own units; the map scales with its box (viewBox), so these only fix its proportions. */
export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 460;

export interface CountryShape {
  /** ISO alpha-2, as the API reports countries; null for the few shapes with no code of their own. */
  code: string | null;
  name: string;
  d: string;
}

const alpha2ByNumeric = new Map((isoCodes as string[][]).map(([alpha2, , numeric]) => [numeric, alpha2]));
// Natural Earth gives Kosovo no numeric code; visitors there are located as XK, the code GeoIP uses.
const BY_NAME: Record<string, string> = { Kosovo: 'XK' };
const ANTARCTICA = '010'; // nobody visits from there, and it would take a fifth of the height

type Topology = Parameters<typeof feature>[0];

/** The world's countries (Natural Earth 1:110m) projected once into the map's box. */
function projectCountries(): CountryShape[] {
  const topology = countries110m as unknown as Topology;
  const collection = feature(topology, topology.objects.countries) as unknown as GeoJSON.FeatureCollection<
    GeoJSON.Geometry,
    { name: string }
  >;
  const land = collection.features.filter((f) => f.id !== ANTARCTICA);
  const projection = geoNaturalEarth1().fitExtent(
    [
      [2, 2],
      [MAP_WIDTH - 2, MAP_HEIGHT - 2],
    ],
    { type: 'FeatureCollection', features: land },
  );
  const path = geoPath(projection);
  return land.map((f) => ({
    code: alpha2ByNumeric.get(String(f.id)) ?? BY_NAME[f.properties.name] ?? null,
    name: f.properties.name,
    d: path(f) ?? '',
  }));
}

export const COUNTRY_SHAPES = projectCountries();
