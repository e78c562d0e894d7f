import { hashSeed } from './prng';

/** A place the GEO typeahead can answer with. Ids are strings, as on the site. */
export interface Place {
  id: string;
  displayName: string;
  /** Country part of the display name, used to flavour job titles (German, Japanese). */
  country: string;
  kind: 'country' | 'region' | 'city' | 'metro';
}

// Ids the operator is likely to recognise from the real site; every other id is derived from
// the name, so the list is the same whatever the simulator's seed.
const KNOWN_IDS: Record<string, string> = {
  'Berlin, Germany': '103035651',
  'United States': '103644278',
  Germany: '101282230',
  'United Kingdom': '101165590',
  France: '105015875',
  Japan: '101355337',
  Canada: '101174742',
  India: '102713980',
  'San Francisco, California, United States': '102277331',
  'San Francisco Bay Area': '90000084',
  'New York, New York, United States': '102571732',
  'London, England, United Kingdom': '102257491',
  'Paris, Île-de-France, France': '106383538',
  'Munich, Bavaria, Germany': '100477049',
  'Hamburg, Germany': '106430557',
};

const COUNTRIES = [
  'United States',
  'Germany',
  'United Kingdom',
  'France',
  'Japan',
  'Canada',
  'India',
  'Netherlands',
  'Spain',
  'Italy',
  'Portugal',
  'Poland',
  'Sweden',
  'Norway',
  'Denmark',
  'Finland',
  'Ireland',
  'Switzerland',
  'Austria',
  'Belgium',
  'Czechia',
  'Romania',
  'Greece',
  'Turkey',
  'Israel',
  'United Arab Emirates',
  'Saudi Arabia',
  'Egypt',
  'South Africa',
  'Nigeria',
  'Kenya',
  'Brazil',
  'Argentina',
  'Chile',
  'Colombia',
  'Mexico',
  'Peru',
  'Australia',
  'New Zealand',
  'Singapore',
  'Malaysia',
  'Indonesia',
  'Philippines',
  'Vietnam',
  'Thailand',
  'South Korea',
  'China',
  'Taiwan',
  'Hong Kong SAR',
  'Pakistan',
  'Bangladesh',
  'Ukraine',
  'Hungary',
  'Estonia',
  'Latvia',
  'Lithuania',
  'Luxembourg',
  'Iceland',
  'Croatia',
  'Serbia',
  'Bulgaria',
  'Morocco',
];

// "City|Region" per country; an empty region gives "City, Country".
const CITIES: Record<string, string[]> = {
  'United States': [
    'San Francisco|California',
    'Los Angeles|California',
    'San Diego|California',
    'San Jose|California',
    'Palo Alto|California',
    'Mountain View|California',
    'Sunnyvale|California',
    'Oakland|California',
    'Sacramento|California',
    'New York|New York',
    'Brooklyn|New York',
    'Buffalo|New York',
    'Seattle|Washington',
    'Redmond|Washington',
    'Bellevue|Washington',
    'Austin|Texas',
    'Dallas|Texas',
    'Houston|Texas',
    'San Antonio|Texas',
    'Chicago|Illinois',
    'Boston|Massachusetts',
    'Cambridge|Massachusetts',
    'Denver|Colorado',
    'Boulder|Colorado',
    'Atlanta|Georgia',
    'Miami|Florida',
    'Orlando|Florida',
    'Tampa|Florida',
    'Phoenix|Arizona',
    'Portland|Oregon',
    'Salt Lake City|Utah',
    'Minneapolis|Minnesota',
    'Detroit|Michigan',
    'Ann Arbor|Michigan',
    'Philadelphia|Pennsylvania',
    'Pittsburgh|Pennsylvania',
    'Washington|District of Columbia',
    'Baltimore|Maryland',
    'Raleigh|North Carolina',
    'Charlotte|North Carolina',
    'Nashville|Tennessee',
    'Columbus|Ohio',
    'Cleveland|Ohio',
    'St Louis|Missouri',
    'Kansas City|Missouri',
    'Las Vegas|Nevada',
    'New Orleans|Louisiana',
    'Indianapolis|Indiana',
    'Madison|Wisconsin',
    'Honolulu|Hawaii',
  ],
  Germany: [
    'Berlin|',
    'Hamburg|',
    'Munich|Bavaria',
    'Nuremberg|Bavaria',
    'Cologne|North Rhine-Westphalia',
    'Düsseldorf|North Rhine-Westphalia',
    'Dortmund|North Rhine-Westphalia',
    'Essen|North Rhine-Westphalia',
    'Bonn|North Rhine-Westphalia',
    'Frankfurt|Hesse',
    'Darmstadt|Hesse',
    'Stuttgart|Baden-Württemberg',
    'Karlsruhe|Baden-Württemberg',
    'Heidelberg|Baden-Württemberg',
    'Freiburg|Baden-Württemberg',
    'Leipzig|Saxony',
    'Dresden|Saxony',
    'Hanover|Lower Saxony',
    'Bremen|',
    'Mainz|Rhineland-Palatinate',
    'Mannheim|Baden-Württemberg',
    'Münster|North Rhine-Westphalia',
    'Würzburg|Bavaria',
    'Kiel|Schleswig-Holstein',
  ],
  'United Kingdom': [
    'London|England',
    'Manchester|England',
    'Birmingham|England',
    'Leeds|England',
    'Bristol|England',
    'Cambridge|England',
    'Oxford|England',
    'Liverpool|England',
    'Newcastle upon Tyne|England',
    'Reading|England',
    'Edinburgh|Scotland',
    'Glasgow|Scotland',
    'Cardiff|Wales',
    'Belfast|Northern Ireland',
  ],
  France: [
    'Paris|Île-de-France',
    'Lyon|Auvergne-Rhône-Alpes',
    'Marseille|Provence-Alpes-Côte d’Azur',
    'Toulouse|Occitanie',
    'Nice|Provence-Alpes-Côte d’Azur',
    'Nantes|Pays de la Loire',
    'Bordeaux|Nouvelle-Aquitaine',
    'Lille|Hauts-de-France',
    'Grenoble|Auvergne-Rhône-Alpes',
    'Montpellier|Occitanie',
    'Rennes|Brittany',
  ],
  Japan: [
    'Tokyo|',
    'Osaka|',
    'Yokohama|Kanagawa',
    'Kyoto|',
    'Nagoya|Aichi',
    'Fukuoka|',
    'Sapporo|Hokkaido',
    'Kobe|Hyogo',
    'Sendai|Miyagi',
  ],
  Canada: [
    'Toronto|Ontario',
    'Ottawa|Ontario',
    'Waterloo|Ontario',
    'Vancouver|British Columbia',
    'Victoria|British Columbia',
    'Montreal|Quebec',
    'Quebec City|Quebec',
    'Calgary|Alberta',
    'Edmonton|Alberta',
    'Winnipeg|Manitoba',
    'Halifax|Nova Scotia',
  ],
  India: [
    'Bengaluru|Karnataka',
    'Mumbai|Maharashtra',
    'Pune|Maharashtra',
    'Hyderabad|Telangana',
    'Chennai|Tamil Nadu',
    'New Delhi|Delhi',
    'Gurugram|Haryana',
    'Noida|Uttar Pradesh',
    'Kolkata|West Bengal',
    'Ahmedabad|Gujarat',
    'Kochi|Kerala',
  ],
  Netherlands: [
    'Amsterdam|North Holland',
    'Rotterdam|South Holland',
    'The Hague|South Holland',
    'Utrecht|Utrecht',
    'Eindhoven|North Brabant',
    'Delft|South Holland',
  ],
  Spain: [
    'Madrid|Community of Madrid',
    'Barcelona|Catalonia',
    'Valencia|Valencian Community',
    'Seville|Andalusia',
    'Málaga|Andalusia',
    'Bilbao|Basque Country',
  ],
  Italy: [
    'Milan|Lombardy',
    'Rome|Latium',
    'Turin|Piedmont',
    'Bologna|Emilia-Romagna',
    'Florence|Tuscany',
    'Naples|Campania',
  ],
  Portugal: ['Lisbon|', 'Porto|', 'Braga|'],
  Poland: [
    'Warsaw|Mazowieckie',
    'Kraków|Małopolskie',
    'Wrocław|Dolnośląskie',
    'Gdańsk|Pomorskie',
    'Poznań|Wielkopolskie',
    'Łódź|Łódzkie',
  ],
  Sweden: [
    'Stockholm|Stockholm County',
    'Gothenburg|Västra Götaland County',
    'Malmö|Skåne County',
    'Uppsala|Uppsala County',
  ],
  Norway: ['Oslo|', 'Bergen|Vestland', 'Trondheim|Trøndelag'],
  Denmark: ['Copenhagen|Capital Region of Denmark', 'Aarhus|Central Denmark Region'],
  Finland: ['Helsinki|Uusimaa', 'Espoo|Uusimaa', 'Tampere|Pirkanmaa', 'Oulu|North Ostrobothnia'],
  Ireland: [
    'Dublin|County Dublin',
    'Cork|County Cork',
    'Galway|County Galway',
    'Limerick|County Limerick',
  ],
  Switzerland: ['Zürich|Zurich', 'Geneva|', 'Basel|Basel', 'Bern|Berne', 'Lausanne|Vaud', 'Zug|'],
  Austria: [
    'Vienna|Vienna',
    'Graz|Styria',
    'Linz|Upper Austria',
    'Salzburg|Salzburg',
    'Innsbruck|Tyrol',
  ],
  Belgium: [
    'Brussels|Brussels Region',
    'Antwerp|Flemish Region',
    'Ghent|Flemish Region',
    'Leuven|Flemish Region',
  ],
  Czechia: ['Prague|Prague', 'Brno|South Moravia'],
  Romania: ['Bucharest|Bucharest', 'Cluj-Napoca|Cluj', 'Iași|Iași'],
  Greece: ['Athens|Attiki', 'Thessaloniki|Central Macedonia'],
  Turkey: ['Istanbul|', 'Ankara|', 'Izmir|'],
  Israel: ['Tel Aviv|Tel Aviv District', 'Jerusalem|Jerusalem District', 'Haifa|Haifa District'],
  'United Arab Emirates': ['Dubai|', 'Abu Dhabi|Abu Dhabi Emirate'],
  'Saudi Arabia': ['Riyadh|', 'Jeddah|Makkah'],
  Egypt: ['Cairo|', 'Alexandria|'],
  'South Africa': ['Cape Town|Western Cape', 'Johannesburg|Gauteng', 'Durban|KwaZulu-Natal'],
  Nigeria: ['Lagos|Lagos State', 'Abuja|Federal Capital Territory'],
  Kenya: ['Nairobi|Nairobi County'],
  Brazil: [
    'São Paulo|São Paulo',
    'Rio de Janeiro|Rio de Janeiro',
    'Belo Horizonte|Minas Gerais',
    'Curitiba|Paraná',
    'Porto Alegre|Rio Grande do Sul',
    'Recife|Pernambuco',
  ],
  Argentina: ['Buenos Aires|Buenos Aires Province', 'Córdoba|Córdoba', 'Rosario|Santa Fe'],
  Chile: ['Santiago|Santiago Metropolitan Region', 'Valparaíso|Valparaíso Region'],
  Colombia: ['Bogotá|Capital District', 'Medellín|Antioquia'],
  Mexico: ['Mexico City|', 'Guadalajara|Jalisco', 'Monterrey|Nuevo León'],
  Peru: ['Lima|'],
  Australia: [
    'Sydney|New South Wales',
    'Melbourne|Victoria',
    'Brisbane|Queensland',
    'Perth|Western Australia',
    'Adelaide|South Australia',
    'Canberra|Australian Capital Territory',
  ],
  'New Zealand': ['Auckland|Auckland', 'Wellington|Wellington', 'Christchurch|Canterbury'],
  Singapore: ['Singapore|'],
  Malaysia: ['Kuala Lumpur|Federal Territory of Kuala Lumpur', 'Penang|'],
  Indonesia: ['Jakarta|Jakarta', 'Bandung|West Java'],
  Philippines: ['Manila|National Capital Region', 'Cebu City|Central Visayas'],
  Vietnam: ['Ho Chi Minh City|', 'Hanoi|'],
  Thailand: ['Bangkok|Bangkok City'],
  'South Korea': ['Seoul|', 'Busan|'],
  China: ['Shanghai|', 'Beijing|', 'Shenzhen|Guangdong', 'Hangzhou|Zhejiang'],
  Taiwan: ['Taipei City|'],
  'Hong Kong SAR': ['Hong Kong|'],
  Pakistan: ['Karachi|Sindh', 'Lahore|Punjab'],
  Ukraine: ['Kyiv|Kyiv City', 'Lviv|Lviv'],
  Hungary: ['Budapest|'],
  Estonia: ['Tallinn|Harjumaa'],
  Lithuania: ['Vilnius|Vilniaus'],
  Luxembourg: ['Luxembourg|'],
  Croatia: ['Zagreb|'],
  Serbia: ['Belgrade|'],
  Bulgaria: ['Sofia|Sofia City'],
  Morocco: ['Casablanca|Casablanca-Settat'],
};

const METROS: Array<[string, string]> = [
  ['San Francisco Bay Area', 'United States'],
  ['Greater Seattle Area', 'United States'],
  ['Greater Boston', 'United States'],
  ['New York City Metropolitan Area', 'United States'],
  ['Greater Chicago Area', 'United States'],
  ['Los Angeles Metropolitan Area', 'United States'],
  ['Greater Munich Metropolitan Area', 'Germany'],
  ['Berlin Metropolitan Area', 'Germany'],
  ['Frankfurt Rhine-Main Metropolitan Area', 'Germany'],
  ['Greater Hamburg Area', 'Germany'],
  ['Greater London', 'United Kingdom'],
  ['Greater Paris Metropolitan Region', 'France'],
  ['Greater Tokyo Area', 'Japan'],
  ['Greater Toronto Area, Canada', 'Canada'],
  ['Greater Sydney Area', 'Australia'],
  ['Randstad, Netherlands', 'Netherlands'],
  ['European Union', ''],
  ['EMEA', ''],
  ['Worldwide', ''],
];

const US_STATES = [
  'California',
  'New York',
  'Texas',
  'Washington',
  'Massachusetts',
  'Illinois',
  'Colorado',
  'Florida',
  'Georgia',
  'North Carolina',
  'Oregon',
  'Pennsylvania',
];

function idFor(displayName: string, taken: Set<string>): string {
  const known = KNOWN_IDS[displayName];
  if (known !== undefined) return known;
  let salt = 0;
  for (;;) {
    const id = String(100_000_000 + (hashSeed(7, displayName, salt) % 7_000_000));
    if (!taken.has(id) && !Object.values(KNOWN_IDS).includes(id)) return id;
    salt += 1;
  }
}

function buildPlaces(): Place[] {
  const places: Place[] = [];
  const taken = new Set<string>();
  const add = (displayName: string, country: string, kind: Place['kind']): void => {
    const id = idFor(displayName, taken);
    taken.add(id);
    places.push({ id, displayName, country, kind });
  };
  for (const country of COUNTRIES) add(country, country, 'country');
  for (const state of US_STATES) add(`${state}, United States`, 'United States', 'region');
  for (const [country, cities] of Object.entries(CITIES)) {
    for (const entry of cities) {
      const [city = '', region = ''] = entry.split('|');
      const displayName = region ? `${city}, ${region}, ${country}` : `${city}, ${country}`;
      add(displayName, country, 'city');
    }
  }
  for (const [name, country] of METROS) add(name, country, 'metro');
  return places;
}

/** Every place of the simulated site; the same for every seed. */
export const PLACES: readonly Place[] = buildPlaces();

const PLACE_BY_ID = new Map(PLACES.map((p) => [p.id, p]));

export function placeById(id: string): Place | undefined {
  return PLACE_BY_ID.get(id);
}

/** Folds case and accents so "munchen" and "zurich" find their places. */
export function foldForMatch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}
