/**
 * The world regions of the country picker (the UN geoscheme's continents), for selecting a
 * region's countries at once. Every country not listed here is in Asia.
 */
export const REGIONS = ['asia', 'africa', 'europe', 'americas', 'oceania', 'antarctica'] as const;
export type Region = (typeof REGIONS)[number];

const LISTED: Record<Exclude<Region, 'asia'>, string> = {
  africa: `DZ AO BJ BW BF BI CV CM CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY
    MG MW ML MR MU YT MA MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS SD TZ TG TN UG EH ZM ZW IO TF`,
  europe: `AX AL AD AT BY BE BA BG HR CZ DK EE FO FI FR DE GI GR GG VA HU IS IE IM IT JE XK LV LI
    LT LU MT MD MC ME NL MK NO PL PT RO RU SM RS SK SI ES SJ SE CH UA GB`,
  americas: `AI AG AR AW BS BB BZ BM BO BQ BV BR CA KY CL CO CR CU CW DM DO EC SV FK GF GL GD GP GT
    GY HT HN JM MQ MX MS NI PA PY PE PR BL KN LC MF PM VC SX GS SR TT TC US UM UY VE VG VI`,
  oceania: `AS AU CX CC CK FJ PF GU HM KI MH FM NR NC NZ NU NF MP PW PG PN WS SB TK TO TV VU WF`,
  antarctica: 'AQ',
};

const regionOfCode = new Map<string, Region>(
  Object.entries(LISTED).flatMap(([region, codes]) =>
    codes
      .trim()
      .split(/\s+/)
      .map((code) => [code, region as Region] as const),
  ),
);

export const regionOf = (code: string): Region => regionOfCode.get(code) ?? 'asia';
