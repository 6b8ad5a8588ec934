/** Demo cities: 28 cities in 12 countries, with the local address, postcode, phone and time-zone shapes. */
export type DemoCity = {
  city: string;
  state: string;
  stateCode: string;
  country: string;
  countryCode: string;
  timeZone: string;
  lat: number;
  lng: number;
  /** Relative number of businesses. */
  weight: number;
  zip: (n: number) => string;
  phone: (n: number) => string;
  address: (street: string, number: number, zip: string) => string;
  streets: string[];
};

const pad = (n: number, width: number) => String(n).padStart(width, "0");

const us = (city: string, state: string, stateCode: string, tz: string, lat: number, lng: number, weight: number, zipBase: number, area: string): DemoCity => ({
  city, state, stateCode, country: "United States", countryCode: "US", timeZone: tz, lat, lng, weight,
  zip: (n) => pad(zipBase + (n % 40), 5),
  phone: (n) => `(${area}) 555-${pad(1000 + (n % 9000), 4)}`,
  address: (street, number, zip) => `${number} ${street}, ${city}, ${stateCode} ${zip}`,
  streets: ["Main St", "Oak Ave", "Maple St", "Broadway", "Park Ave", "Elm St", "Washington Blvd", "Lake St", "2nd Ave", "Market St"],
});

export const DEMO_CITIES: DemoCity[] = [
  us("New York", "New York", "NY", "America/New_York", 40.7128, -74.006, 9, 10001, "212"),
  us("Los Angeles", "California", "CA", "America/Los_Angeles", 34.0522, -118.2437, 8, 90012, "213"),
  us("Chicago", "Illinois", "IL", "America/Chicago", 41.8781, -87.6298, 7, 60601, "312"),
  us("Houston", "Texas", "TX", "America/Chicago", 29.7604, -95.3698, 6, 77002, "713"),
  us("Phoenix", "Arizona", "AZ", "America/Phoenix", 33.4484, -112.074, 5, 85004, "602"),
  us("San Francisco", "California", "CA", "America/Los_Angeles", 37.7749, -122.4194, 4, 94102, "415"),
  us("Seattle", "Washington", "WA", "America/Los_Angeles", 47.6062, -122.3321, 4, 98101, "206"),
  us("Miami", "Florida", "FL", "America/New_York", 25.7617, -80.1918, 4, 33101, "305"),
  us("Boston", "Massachusetts", "MA", "America/New_York", 42.3601, -71.0589, 3, 2108, "617"),
  us("Denver", "Colorado", "CO", "America/Denver", 39.7392, -104.9903, 3, 80202, "303"),
  {
    city: "Toronto", state: "Ontario", stateCode: "ON", country: "Canada", countryCode: "CA", timeZone: "America/Toronto",
    lat: 43.6532, lng: -79.3832, weight: 4,
    zip: (n) => `M5${String.fromCharCode(65 + (n % 20))} ${n % 10}${String.fromCharCode(66 + (n % 20))}${(n * 3) % 10}`,
    phone: (n) => `(416) 555-${pad(1000 + (n % 9000), 4)}`,
    address: (street, number, zip) => `${number} ${street}, Toronto, ON ${zip}`,
    streets: ["Queen St W", "King St E", "Yonge St", "Bloor St W", "Spadina Ave"],
  },
  {
    city: "Vancouver", state: "British Columbia", stateCode: "BC", country: "Canada", countryCode: "CA", timeZone: "America/Vancouver",
    lat: 49.2827, lng: -123.1207, weight: 2,
    zip: (n) => `V6${String.fromCharCode(65 + (n % 20))} ${n % 10}A${(n * 7) % 10}`,
    phone: (n) => `(604) 555-${pad(1000 + (n % 9000), 4)}`,
    address: (street, number, zip) => `${number} ${street}, Vancouver, BC ${zip}`,
    streets: ["Granville St", "Robson St", "Main St", "Commercial Dr"],
  },
  {
    city: "London", state: "England", stateCode: "", country: "United Kingdom", countryCode: "GB", timeZone: "Europe/London",
    lat: 51.5074, lng: -0.1278, weight: 6,
    zip: (n) => `${["SW1A", "EC1A", "W1D", "N1", "SE1", "E2"][n % 6]} ${1 + (n % 9)}${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + ((n * 5) % 26))}`,
    phone: (n) => `+44 20 7946 ${pad(n % 10000, 4)}`,
    address: (street, number, zip) => `${number} ${street}, London ${zip}, United Kingdom`,
    streets: ["High Street", "Baker Street", "Oxford Street", "Camden Road", "Kings Road", "Brick Lane"],
  },
  {
    city: "Manchester", state: "England", stateCode: "", country: "United Kingdom", countryCode: "GB", timeZone: "Europe/London",
    lat: 53.4808, lng: -2.2426, weight: 2,
    zip: (n) => `M${1 + (n % 20)} ${1 + (n % 9)}${String.fromCharCode(65 + (n % 26))}B`,
    phone: (n) => `+44 161 496 ${pad(n % 10000, 4)}`,
    address: (street, number, zip) => `${number} ${street}, Manchester ${zip}, United Kingdom`,
    streets: ["Deansgate", "Oldham Street", "Market Street", "Portland Street"],
  },
  {
    city: "Berlin", state: "Berlin", stateCode: "BE", country: "Germany", countryCode: "DE", timeZone: "Europe/Berlin",
    lat: 52.52, lng: 13.405, weight: 4,
    zip: (n) => pad(10115 + (n % 80), 5),
    phone: (n) => `+49 30 ${pad(1000000 + (n * 7919) % 9000000, 7)}`,
    address: (street, number, zip) => `${street} ${number}, ${zip} Berlin, Germany`,
    streets: ["Friedrichstraße", "Torstraße", "Kastanienallee", "Oranienstraße", "Schönhauser Allee"],
  },
  {
    city: "Köln", state: "North Rhine-Westphalia", stateCode: "NW", country: "Germany", countryCode: "DE", timeZone: "Europe/Berlin",
    lat: 50.9375, lng: 6.9603, weight: 2,
    zip: (n) => pad(50667 + (n % 60), 5),
    phone: (n) => `+49 221 ${pad(100000 + (n * 7919) % 900000, 6)}`,
    address: (street, number, zip) => `${street} ${number}, ${zip} Köln, Germany`,
    streets: ["Ehrenstraße", "Hohe Straße", "Venloer Straße", "Aachener Straße"],
  },
  {
    city: "Paris", state: "Île-de-France", stateCode: "IDF", country: "France", countryCode: "FR", timeZone: "Europe/Paris",
    lat: 48.8566, lng: 2.3522, weight: 5,
    zip: (n) => `750${pad(1 + (n % 20), 2)}`,
    phone: (n) => `+33 1 ${pad(10 + (n % 89), 2)} ${pad(n % 100, 2)} ${pad((n * 7) % 100, 2)} ${pad((n * 13) % 100, 2)}`,
    address: (street, number, zip) => `${number} ${street}, ${zip} Paris, France`,
    streets: ["Rue de Rivoli", "Boulevard Saint-Germain", "Rue Oberkampf", "Avenue de l'Opéra", "Rue du Faubourg Saint-Antoine"],
  },
  {
    city: "Lyon", state: "Auvergne-Rhône-Alpes", stateCode: "ARA", country: "France", countryCode: "FR", timeZone: "Europe/Paris",
    lat: 45.764, lng: 4.8357, weight: 2,
    zip: (n) => `6900${1 + (n % 9)}`,
    phone: (n) => `+33 4 ${pad(10 + (n % 89), 2)} ${pad(n % 100, 2)} ${pad((n * 7) % 100, 2)} ${pad((n * 13) % 100, 2)}`,
    address: (street, number, zip) => `${number} ${street}, ${zip} Lyon, France`,
    streets: ["Rue de la République", "Rue Mercière", "Quai Saint-Antoine"],
  },
  {
    city: "Madrid", state: "Community of Madrid", stateCode: "MD", country: "Spain", countryCode: "ES", timeZone: "Europe/Madrid",
    lat: 40.4168, lng: -3.7038, weight: 3,
    zip: (n) => pad(28001 + (n % 50), 5),
    phone: (n) => `+34 91 ${pad(100 + (n % 899), 3)} ${pad((n * 7) % 100, 2)} ${pad((n * 13) % 100, 2)}`,
    address: (street, number, zip) => `${street}, ${number}, ${zip} Madrid, Spain`,
    streets: ["Calle Mayor", "Gran Vía", "Calle de Alcalá", "Calle de Fuencarral"],
  },
  {
    city: "Barcelona", state: "Catalonia", stateCode: "CT", country: "Spain", countryCode: "ES", timeZone: "Europe/Madrid",
    lat: 41.3874, lng: 2.1686, weight: 3,
    zip: (n) => pad(8001 + (n % 40), 5),
    phone: (n) => `+34 93 ${pad(100 + (n % 899), 3)} ${pad((n * 7) % 100, 2)} ${pad((n * 13) % 100, 2)}`,
    address: (street, number, zip) => `${street}, ${number}, ${zip} Barcelona, Spain`,
    streets: ["Carrer de Mallorca", "Passeig de Gràcia", "La Rambla", "Carrer de Verdi"],
  },
  {
    city: "São Paulo", state: "São Paulo", stateCode: "SP", country: "Brazil", countryCode: "BR", timeZone: "America/Sao_Paulo",
    lat: -23.5505, lng: -46.6333, weight: 4,
    zip: (n) => `0${pad(1000 + (n % 8999), 4)}-${pad((n * 37) % 1000, 3)}`,
    phone: (n) => `+55 11 9${pad(1000 + (n % 9000), 4)}-${pad((n * 13) % 10000, 4)}`,
    address: (street, number, zip) => `${street}, ${number} - São Paulo - SP, ${zip}, Brazil`,
    streets: ["Av. Paulista", "Rua Augusta", "Rua Oscar Freire", "Rua da Consolação"],
  },
  {
    city: "Rio de Janeiro", state: "Rio de Janeiro", stateCode: "RJ", country: "Brazil", countryCode: "BR", timeZone: "America/Sao_Paulo",
    lat: -22.9068, lng: -43.1729, weight: 2,
    zip: (n) => `2${pad(2000 + (n % 7999), 4)}-${pad((n * 37) % 1000, 3)}`,
    phone: (n) => `+55 21 9${pad(1000 + (n % 9000), 4)}-${pad((n * 13) % 10000, 4)}`,
    address: (street, number, zip) => `${street}, ${number} - Copacabana, Rio de Janeiro - RJ, ${zip}, Brazil`,
    streets: ["Av. Atlântica", "Rua Barata Ribeiro", "Rua Visconde de Pirajá"],
  },
  {
    city: "Huế", state: "Thừa Thiên Huế", stateCode: "", country: "Vietnam", countryCode: "VN", timeZone: "Asia/Ho_Chi_Minh",
    lat: 16.4637, lng: 107.5909, weight: 2,
    zip: () => "530000",
    phone: (n) => `+84 234 3${pad(n % 1000000, 6)}`,
    address: (street, number) => `${number} ${street}, Huế, Thừa Thiên Huế, Vietnam`,
    streets: ["Lê Lợi", "Nguyễn Huệ", "Trần Hưng Đạo", "Hùng Vương"],
  },
  {
    city: "Hanoi", state: "Hà Nội", stateCode: "", country: "Vietnam", countryCode: "VN", timeZone: "Asia/Ho_Chi_Minh",
    lat: 21.0278, lng: 105.8342, weight: 3,
    zip: () => "100000",
    phone: (n) => `+84 24 3${pad(n % 10000000, 7)}`,
    address: (street, number) => `${number} ${street}, Hoàn Kiếm, Hà Nội, Vietnam`,
    streets: ["Hàng Bạc", "Phố Huế", "Tràng Tiền", "Lý Thường Kiệt"],
  },
  {
    city: "Tokyo", state: "Tokyo", stateCode: "13", country: "Japan", countryCode: "JP", timeZone: "Asia/Tokyo",
    lat: 35.6762, lng: 139.6503, weight: 4,
    zip: (n) => `1${pad(n % 100, 2)}-${pad((n * 7) % 10000, 4)}`,
    phone: (n) => `+81 3-${pad(1000 + (n % 9000), 4)}-${pad((n * 13) % 10000, 4)}`,
    address: (street, number, zip) => `${number} ${street}, Tokyo ${zip}, Japan`,
    streets: ["Shibuya", "Shinjuku", "Ginza", "Asakusa"],
  },
  {
    city: "Sydney", state: "New South Wales", stateCode: "NSW", country: "Australia", countryCode: "AU", timeZone: "Australia/Sydney",
    lat: -33.8688, lng: 151.2093, weight: 3,
    zip: (n) => String(2000 + (n % 30)),
    phone: (n) => `+61 2 ${pad(9000 + (n % 1000), 4)} ${pad((n * 13) % 10000, 4)}`,
    address: (street, number, zip) => `${number} ${street}, Sydney NSW ${zip}, Australia`,
    streets: ["George St", "Pitt St", "Oxford St", "Crown St"],
  },
  {
    city: "Zürich", state: "Zürich", stateCode: "ZH", country: "Switzerland", countryCode: "CH", timeZone: "Europe/Zurich",
    lat: 47.3769, lng: 8.5417, weight: 2,
    zip: (n) => String(8001 + (n % 50)),
    phone: (n) => `+41 44 ${pad(200 + (n % 799), 3)} ${pad((n * 7) % 100, 2)} ${pad((n * 13) % 100, 2)}`,
    address: (street, number, zip) => `${street} ${number}, ${zip} Zürich, Switzerland`,
    streets: ["Bahnhofstrasse", "Langstrasse", "Niederdorfstrasse", "Seefeldstrasse"],
  },
  {
    city: "Mexico City", state: "Ciudad de México", stateCode: "CDMX", country: "Mexico", countryCode: "MX", timeZone: "America/Mexico_City",
    lat: 19.4326, lng: -99.1332, weight: 3,
    zip: (n) => pad(6000 + (n % 900), 5),
    phone: (n) => `+52 55 ${pad(1000 + (n % 9000), 4)} ${pad((n * 13) % 10000, 4)}`,
    address: (street, number, zip) => `${street} ${number}, Roma Nte., ${zip} Ciudad de México, CDMX, Mexico`,
    streets: ["Av. Álvaro Obregón", "Calle Orizaba", "Av. Insurgentes Sur", "Calle Colima"],
  },
];
