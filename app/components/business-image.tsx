import { defaultImageForGroup } from "~/lib/category-groups";

export function defaultImagePath(group: string): string {
  return `/images/categories/${defaultImageForGroup(group)}.svg`;
}

type Props = {
  photos: string[];
  group: string;
  alt: string;
  className?: string;
  width: number;
  height: number;
  eager?: boolean;
};

/**
 * First photo, else the category default (SPEC §2). A photo that fails to load is swapped for
 * `data-fallback` by public/img-fallback.js (CLARIFICATIONS 23: no inline handlers under the CSP).
 */
export function BusinessImage({ photos, group, alt, className, width, height, eager }: Props) {
  const fallback = defaultImagePath(group);
  const src = photos.find((p) => p && p.trim()) ?? fallback;
  return (
    <img
      src={src}
      data-fallback={src === fallback ? undefined : fallback}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className}
    />
  );
}
