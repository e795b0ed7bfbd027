pub fn heuristic_move() {}
