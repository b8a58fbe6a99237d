import type { Category, Genre, Level } from '@lendo/shared';

/** Translation keys of the library's vocabularies (categories have spaces; keys do not). */
export const levelLabelKey = (level: Level) => `level.${level}`;
export const genreLabelKey = (genre: Genre) => `genre.${genre}`;
export const categoryLabelKey = (category: Category) => `category.${category.replaceAll(' ', '-')}`;
