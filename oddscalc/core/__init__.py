"""The layer that knows no game: cards, hands, evaluators, exact economics, game tables, numbers."""
