// puzz.link URLs made by pzprjs itself (an encoder independent of
// gridcsp's): reads JSON lines {"family": F, "text": T} on standard input,
// T a puzzle in gridcsp's text layout of family F, sets the puzzle on a
// pzprjs board through pzprjs's own objects (cells, borders, numbers
// outside the grid) and writes the URL pzprjs encodes for it, one line
// each (`error: ...` when it cannot).
//
//   node benches/peers/pzprjs_encode.js PZPRJS_DIR < puzzles.jsonl > urls.txt
//
// PZPRJS_DIR holds a build made by pzprjs_build.js. Used by
// puzzlink_compare.py; see benches/peers/README.md, "puzz.link".

"use strict";
const path = require("path");
const readline = require("readline");

const pzpr = require(path.join(path.resolve(process.argv[2] || "."), "dist/js/pzpr.js"));

/// The lines of a text layout and its header's numbers.
function lines(text) {
	const ls = text.split("\n").filter((l) => l.trim() !== "");
	const head = ls[0].trim().split(/\s+/).map(Number);
	return { ls, head };
}
const tokens = (line) => line.trim().split(/\s+/);

/// A board of the genre, `cols` x `rows`, empty.
function board(genre, cols, rows) {
	const p = new pzpr.Puzzle();
	p.open(`${genre}/${cols}/${rows}`);
	return p;
}
const cell = (bd, r, c) => bd.getc(2 * c + 1, 2 * r + 1);

/// Walls between cells of different regions (`label(r, c)`).
function walls(bd, rows, cols, label) {
	for (let r = 0; r < rows; r++) {
		for (let c = 0; c < cols; c++) {
			if (c + 1 < cols && label(r, c) !== label(r, c + 1)) {
				bd.getb(2 * c + 2, 2 * r + 1).ques = 1;
			}
			if (r + 1 < rows && label(r, c) !== label(r + 1, c)) {
				bd.getb(2 * c + 1, 2 * r + 2).ques = 1;
			}
		}
	}
}

const number = (t) => (t === "-" ? -1 : Number(t));

const encoders = {
	sudoku(text) {
		const t = text.trim().replace(/[\s|+-]/g, "");
		const n = Math.round(Math.sqrt(t.length));
		const p = board("sudoku", n, n);
		for (let i = 0; i < n * n; i++) {
			const ch = t[i];
			if (ch !== "." && ch !== "0") {
				cell(p.board, Math.floor(i / n), i % n).qnum = parseInt(ch, 36);
			}
		}
		return p;
	},
	slitherlink(text) {
		const { ls, head } = lines(text);
		const [rows, cols] = head;
		const p = board("slither", cols, rows);
		for (let r = 0; r < rows; r++) {
			tokens(ls[1 + r]).forEach((t, c) => {
				if (t !== "-") cell(p.board, r, c).qnum = Number(t);
			});
		}
		return p;
	},
	masyu(text) {
		const { ls, head } = lines(text);
		const [rows, cols] = head;
		const p = board("mashu", cols, rows);
		for (let r = 0; r < rows; r++) {
			tokens(ls[1 + r]).forEach((t, c) => {
				if (t === "w") cell(p.board, r, c).qnum = 1;
				if (t === "b") cell(p.board, r, c).qnum = 2;
			});
		}
		return p;
	},
	"light-up"(text) {
		const { ls, head } = lines(text);
		const [rows, cols] = head;
		const p = board("lightup", cols, rows);
		for (let r = 0; r < rows; r++) {
			tokens(ls[1 + r]).forEach((t, c) => {
				if (t === "x" || t === "X") cell(p.board, r, c).qnum = -2;
				else if (t !== "-") cell(p.board, r, c).qnum = Number(t);
			});
		}
		return p;
	},
	hitori(text) {
		const { ls, head } = lines(text);
		const [rows, cols] = head;
		const p = board("hitori", cols, rows);
		for (let r = 0; r < rows; r++) {
			tokens(ls[1 + r]).forEach((t, c) => {
				cell(p.board, r, c).qnum = Number(t);
			});
		}
		return p;
	},
	tents(text) {
		const { ls, head } = lines(text);
		const [rows, cols] = head;
		const p = board("tents", cols, rows);
		const bd = p.board;
		tokens(ls[1]).forEach((t, c) => (bd.getex(2 * c + 1, -1).qnum = number(t)));
		tokens(ls[2]).forEach((t, r) => (bd.getex(-1, 2 * r + 1).qnum = number(t)));
		for (let r = 0; r < rows; r++) {
			tokens(ls[3 + r]).forEach((t, c) => {
				if (t === "x" || t === "X") cell(bd, r, c).qnum = 1;
			});
		}
		return p;
	},
	skyscrapers(text) {
		const { ls, head } = lines(text);
		const n = head[0];
		const p = board("skyscrapers", n, n);
		const bd = p.board;
		const sides = [0, 1, 2, 3].map((s) => tokens(ls[1 + s]).map(number));
		for (let i = 0; i < n; i++) {
			bd.getex(2 * i + 1, -1).qnum = sides[0][i];
			bd.getex(2 * i + 1, 2 * n + 1).qnum = sides[1][i];
			bd.getex(-1, 2 * i + 1).qnum = sides[2][i];
			bd.getex(2 * n + 1, 2 * i + 1).qnum = sides[3][i];
		}
		for (let r = 0; r < n; r++) {
			tokens(ls[5 + r]).forEach((t, c) => (cell(bd, r, c).qnum = number(t)));
		}
		return p;
	},
	nonogram(text) {
		const { ls, head } = lines(text);
		const [rows, cols] = head;
		const p = board("nonogram", cols, rows);
		const bd = p.board;
		const clue = (line) => tokens(line).map(Number).filter((k) => k > 0);
		for (let c = 0; c < cols; c++) {
			// The last clue next to the grid, the others further up.
			clue(ls[1 + c])
				.reverse()
				.forEach((k, d) => (bd.getex(2 * c + 1, -1 - 2 * d).qnum = k));
		}
		for (let r = 0; r < rows; r++) {
			clue(ls[1 + cols + r])
				.reverse()
				.forEach((k, d) => (bd.getex(-1 - 2 * d, 2 * r + 1).qnum = k));
		}
		return p;
	},
	suguru(text) {
		const { ls, head } = lines(text);
		const [rows, cols] = head;
		const p = board("suguru", cols, rows);
		const labels = ls.slice(1 + rows, 1 + 2 * rows).map(tokens);
		walls(p.board, rows, cols, (r, c) => labels[r][c]);
		for (let r = 0; r < rows; r++) {
			tokens(ls[1 + r]).forEach((t, c) => (cell(p.board, r, c).qnum = number(t)));
		}
		return p;
	},
	"star-battle"(text) {
		const { ls, head } = lines(text);
		const [rows, cols, stars] = head;
		const p = board("starbattle", cols, rows);
		const labels = ls.slice(1, 1 + rows).map(tokens);
		walls(p.board, rows, cols, (r, c) => labels[r][c]);
		p.board.starCount.count = stars;
		return p;
	},
	norinori(text) {
		const { ls, head } = lines(text);
		const [rows, cols] = head;
		if (ls.slice(1, 1 + rows).some((l) => /x/i.test(l))) {
			throw new Error("shaded givens: puzz.link's Norinori has none");
		}
		const p = board("norinori", cols, rows);
		const labels = ls.slice(1 + rows, 1 + 2 * rows).map(tokens);
		walls(p.board, rows, cols, (r, c) => labels[r][c]);
		return p;
	},
	kakuro(text) {
		// gridcsp's grid without its first row and column is pzprjs's.
		const { ls, head } = lines(text);
		const [rows, cols] = head;
		const p = board("kakuro", cols - 1, rows - 1);
		const bd = p.board;
		const grid = ls.slice(1, 1 + rows).map(tokens);
		const sums = (t) => {
			const [d, r] = t.split(",");
			return [d ? Number(d) : -1, r ? Number(r) : -1];
		};
		for (let c = 1; c < cols; c++) {
			const t = grid[0][c];
			if (t.includes(",")) bd.getex(2 * (c - 1) + 1, -1).qnum2 = sums(t)[0];
		}
		for (let r = 1; r < rows; r++) {
			const t = grid[r][0];
			if (t.includes(",")) bd.getex(-1, 2 * (r - 1) + 1).qnum = sums(t)[1];
			for (let c = 1; c < cols; c++) {
				const t = grid[r][c];
				if (t === "0") continue;
				const k = cell(bd, r - 1, c - 1);
				k.ques = 51;
				if (t.includes(",")) {
					[k.qnum2, k.qnum] = sums(t);
				}
			}
		}
		return p;
	}
};

const rl = readline.createInterface({ input: process.stdin });
rl.on("line", (line) => {
	if (!line.trim()) return;
	try {
		const { family, text } = JSON.parse(line);
		const make = encoders[family];
		if (!make) throw new Error(`no encoder for ${family}`);
		const p = make(text);
		p.board.rebuildInfo();
		// pzprjs writes its own host; puzz.link's is the same layout.
		console.log(p.getURL().replace(/^https?:\/\/[^?]*\?/, "https://puzz.link/p?"));
	} catch (e) {
		console.log(`error: ${e.message}`);
	}
});
