/** The spec fixes these ids (SPEC §3); the home page links to them by id. */
export const CATEGORIES = [
  { id: 2, name: 'Electronics', slug: 'electronics', icon: '💻' },
  { id: 11, name: 'Automotive', slug: 'automotive', icon: '🚗' },
  { id: 3, name: 'Clothing', slug: 'clothing', icon: '👕' },
  { id: 4, name: 'Home & Garden', slug: 'home-garden', icon: '🏡' },
  { id: 6, name: 'Sports', slug: 'sports', icon: '⚽' },
  { id: 5, name: 'Books & Media', slug: 'books-media', icon: '📚' },
  { id: 7, name: 'Toys & Games', slug: 'toys-games', icon: '🧸' },
  { id: 8, name: 'Collectibles', slug: 'collectibles', icon: '🏺' },
  { id: 9, name: 'Kitchen', slug: 'kitchen', icon: '🍳' },
  { id: 10, name: 'Health & Beauty', slug: 'health-beauty', icon: '💄' },
] as const;

export type Category = { id: number; name: string; slug: string; icon: string | null };
