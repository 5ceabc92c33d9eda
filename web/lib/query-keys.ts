/**
 * The root of every cached query, one per kind of server data. Features build their keys under these roots, and a
 * mutation invalidates a whole root, so every view of that data (latest, historical, track record...) refreshes
 * together under `staleTime: Infinity`. They live here, below the features, because a change made in one feature
 * (an admin posting recommendations) is shown by others.
 */
export const rootKeys = {
  recommendations: ["recommendations"],
  insights: ["insights"],
  watchlist: ["watchlist"],
  earnings: ["earnings"],
  market: ["market"],
  adminUsers: ["admin-users"],
  account: ["account"],
} as const;
