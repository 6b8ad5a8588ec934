import { describe, expect, it } from "vitest";
import { countWords, generateSeoText, MIN_SEO_WORDS, type SeoFacts } from "#app/lib/seo/seo-content";
// The content catalogs, as the Worker registers them when it starts.
import "#app/server/platform/i18n.server";

const facts = (overrides: Partial<SeoFacts> = {}): SeoFacts => ({
  id: 1,
  placeId: "place-1",
  name: "Volt Works",
  category: "Electrician",
  address: "1 Main St, Springfield, IL 62701",
  city: "Springfield",
  state: "Illinois",
  country: "United States",
  phone: "(217) 555-0100",
  website: null,
  rating: 4.6,
  reviewCount: 40,
  openingHours: { Monday: "9:00 AM - 5:00 PM" },
  about: null,
  businessStatus: null,
  ...overrides,
});

describe("generated Detailed Information: only what the page shows", () => {
  it("says 'an' where the sound wants it", () => {
    for (let id = 1; id <= 12; id++) {
      const { uniqueContent, seoDescription } = generateSeoText(facts({ id }));
      expect(uniqueContent).not.toMatch(/\ba electrician/);
      expect(uniqueContent).toMatch(/\ban electrician/);
      expect(seoDescription).toContain("is an electrician");
    }
    expect(generateSeoText(facts({ category: "Escape room center" })).uniqueContent).toMatch(/\ban escape room center/);
  });

  it("mentions the website only when the page links it (an http(s) address)", () => {
    expect(generateSeoText(facts({ website: "https://volt.example" })).uniqueContent).toContain("or visit volt.example.");
    expect(generateSeoText(facts({ website: "ftp://volt.example" })).uniqueContent).not.toContain("volt.example");
    expect(generateSeoText(facts()).uniqueContent).not.toContain("visit");
  });

  it("names no badge or link the page does not have", () => {
    for (let id = 1; id <= 12; id++) {
      const text = generateSeoText(facts({ id })).uniqueContent;
      expect(text).not.toContain("Open Now badge");
    }
    const noCity = generateSeoText(facts({ city: "", state: "" })).uniqueContent;
    expect(noCity).not.toContain("city page");
    expect(noCity).not.toMatch(/the\s+page gathers/);
    const unrated = generateSeoText(facts({ rating: 0, reviewCount: 0 })).uniqueContent;
    expect(unrated).not.toContain("does not show stars");
    const noCount = generateSeoText(facts({ rating: 4.7, reviewCount: 0 })).uniqueContent;
    expect(noCount).not.toContain("based on 0 reviews");
    expect(noCount).not.toContain("across 0 reviews");
  });
});

describe("generated text in other locales: the same facts, each language's own grammar", () => {
  const cafe = facts({
    name: "Kim Long Coffee",
    category: "Coffee shop",
    address: "25 Sư Vạn Hạnh, Huế",
    city: "Huế",
    state: "Thừa Thiên Huế",
    country: "Vietnam",
    phone: "+84 903 020 425",
    rating: 4.5,
    reviewCount: 124,
    reviewsPerScore: [2, 3, 9, 30, 80],
    openingHours: {
      Monday: "7:00 AM - 10:00 PM",
      Tuesday: "7:00 AM - 10:00 PM",
      Wednesday: "7:00 AM - 10:00 PM",
      Thursday: "7:00 AM - 10:00 PM",
      Friday: "1:00 AM - 11:00 PM",
      Saturday: "Open 24 hours",
      Sunday: "Closed",
    },
    about: { "Service options": { "Dine-in": true } },
  });
  const peer = { id: 9, name: "Cà Phê Muối", rating: 4.8, reviewCount: 2000, latitude: 16.461, longitude: 107.591 };
  const nearby = (n: number) => ({
    ...cafe,
    latitude: 16.46,
    longitude: 107.59,
    neighbourhood: { limit: 30, peers: [peer, { ...peer, id: 1, rating: 4.5 }, { ...peer, id: 10, name: "Vy Dạ" }].slice(0, n + 1) },
  });

  it("says a Huế café in Vietnamese: Quán cà phê, its rating, its days and 24-hour times", () => {
    const text = generateSeoText(cafe, "vi");
    expect(text.seoTitle).toBe("Kim Long Coffee - Quán cà phê tại Huế, Thừa Thiên Huế");
    expect(text.seoDescription).toBe(
      "Kim Long Coffee là một quán cà phê ở Huế, Thừa Thiên Huế, Vietnam. Đạt 4,5/5 điểm từ 124 lượt đánh giá. Xem địa chỉ, giờ mở cửa và thông tin liên hệ.",
    );
    const content = text.uniqueContent;
    expect(content).toContain("Kim Long Coffee là một quán cà phê tại 25 Sư Vạn Hạnh, Huế. Số điện thoại của nơi này là +84 903 020 425");
    expect(content).toContain("Kim Long Coffee đạt trung bình 4,5/5 điểm qua 124 lượt đánh giá.");
    expect(content).toContain(
      "Mức điểm phổ biến nhất là năm sao, với 80 lượt (65%), tiếp theo là bốn sao (30), ba sao (9), hai sao (3) và một sao (2).",
    );
    expect(content).toContain("Kim Long Coffee mở cửa 6 ngày mỗi tuần và nghỉ Chủ Nhật.");
    expect(content).toMatch(/từ Thứ Hai đến Thứ Năm: 0?7:00–22:00, Thứ Sáu: 0?1:00–23:00 và Thứ Bảy: mở cửa 24 giờ\./);
    expect(content).toMatch(/Giờ mở cửa sớm nhất là 0?1:00 vào Thứ Sáu, và Kim Long Coffee đóng cửa muộn nhất lúc 23:00 vào Thứ Sáu\./);
    expect(content).toContain("Nơi này mở cửa suốt ngày đêm vào Thứ Bảy.");
    expect(content).toContain("Tùy chọn dịch vụ: ăn tại chỗ.");
    expect(content).not.toMatch(/\d\s?(AM|PM)\b|coffee shop|reviews/i);
    expect(countWords(content)).toBeGreaterThanOrEqual(MIN_SEO_WORDS);
    // No plural in Vietnamese: one review or many, the same words.
    expect(generateSeoText({ ...cafe, reviewCount: 1 }, "vi").seoDescription).toContain("từ 1 lượt đánh giá.");
    // Ranks and neighbours: an ordinal in words of its own, no "is"/"are" to agree.
    expect(generateSeoText(nearby(2), "vi").uniqueContent).toContain(
      "Kim Long Coffee đứng thứ 2 trong số 3 quán cà phê mà chúng tôi có ở Huế.",
    );
  });

  it("agrees in number in Spanish: 1 reseña, 2 reseñas; 1 día, 2 días; la más cercana, las más cercanas; a la 1:00, a las 7:00", () => {
    const es = (overrides: Partial<SeoFacts>) => generateSeoText({ ...cafe, ...overrides }, "es");
    expect(es({ reviewCount: 1, reviewsPerScore: null }).uniqueContent).toContain(
      "Kim Long Coffee tiene una valoración de 4,5 sobre 5 con 1 reseña.",
    );
    expect(es({ reviewCount: 2, reviewsPerScore: null }).uniqueContent).toContain(
      "Kim Long Coffee tiene una valoración de 4,5 sobre 5 con 2 reseñas.",
    );
    expect(es({ reviewCount: 1, reviewsPerScore: [0, 0, 0, 0, 1] }).uniqueContent).toContain(
      "La única reseña contabilizada da cinco estrellas.",
    );
    expect(es({ reviewCount: 3, reviewsPerScore: [0, 0, 0, 0, 3] }).uniqueContent).toContain(
      "Las 3 reseñas contabilizadas dan cinco estrellas.",
    );
    expect(es({ openingHours: { Monday: "9:00 AM - 5:00 PM", Sunday: "Closed" } }).uniqueContent).toContain(
      "Kim Long Coffee abre 1 día a la semana y cierra el domingo.",
    );
    expect(es({ openingHours: { Monday: "9:00 AM - 5:00 PM", Tuesday: "9:00 AM - 5:00 PM" } }).uniqueContent).toContain(
      "Kim Long Coffee abre 2 días a la semana.",
    );
    const content = es({}).uniqueContent;
    expect(content).toContain("Kim Long Coffee figura como cafetería, con dirección en 25 Sư Vạn Hạnh, Huế.");
    expect(content).toContain("Abre más temprano a la 1:00 el viernes, y Kim Long Coffee cierra más tarde, a las 23:00, el viernes.");
    expect(content).toContain("Su horario: de lunes a jueves: 7:00–22:00, viernes: 1:00–23:00 y sábado: 24 horas.");
    expect(content).toContain("El fin de semana solo abre el sábado.");
    expect(content).toContain("En total, el horario publicado suma 106 horas a la semana.");
    expect(es({ openingHours: { Monday: "9:00 AM - 10:00 AM" } }).uniqueContent).toContain("suma 1 hora a la semana.");
    expect(generateSeoText(nearby(1), "es").uniqueContent).toContain(
      "De esas fichas, la más cercana a Kim Long Coffee es Cà Phê Muối (a 150 m, con 4,8).",
    );
    expect(generateSeoText(nearby(2), "es").uniqueContent).toContain(
      "De esas fichas, las más cercanas a Kim Long Coffee son Cà Phê Muối (a 150 m, con 4,8) y Vy Dạ (a 150 m, con 4,8).",
    );
    expect(generateSeoText(nearby(2), "es").uniqueContent).toContain("ocupa el puesto 2 de las 3 fichas de cafetería que tenemos en Huế.");
  });

  it("gives every locale the same facts, and English its own text unchanged", () => {
    for (const locale of ["vi", "es"]) {
      const text = generateSeoText(cafe, locale).uniqueContent;
      for (const fact of ["Kim Long Coffee", "25 Sư Vạn Hạnh, Huế", "+84 903 020 425", "4,5", "124", "80", "24"])
        expect(text).toContain(fact);
      expect(generateSeoText({ ...cafe, id: 7 }, locale)).toEqual(generateSeoText(cafe, locale));
    }
    expect(generateSeoText(cafe).uniqueContent).toBe(generateSeoText(cafe, "en").uniqueContent);
    expect(generateSeoText(cafe, "en").uniqueContent).toContain("Kim Long Coffee is a coffee shop at 25 Sư Vạn Hạnh, Huế.");
  });
});
