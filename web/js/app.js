// PLACEHOLDER app controller (replaced by the dailies/saves work, issue 5).
// Opens a free Karnöffel match chosen by the URL: ?seed=S&rules=classic|historic
// &target=N&players=N&faces=french&level=random|heuristic|search.

/** Start the app once the engine is ready; `game` comes from createGame(). */
export async function startApp({ game }) {
  const params = new URLSearchParams(location.search);
  const rules = { set: params.get("rules") || "classic" };
  if (params.get("target")) rules.target = Number(params.get("target"));
  if (params.get("players")) rules.players = Number(params.get("players"));
  if (params.get("faces")) rules.faces = params.get("faces");
  const request = {
    op: "new",
    game: "karnoffel",
    rules,
    seed: params.get("seed") || `free/${Date.now()}`,
  };
  if (params.get("level")) request.level = params.get("level");
  return game.open(request);
}
