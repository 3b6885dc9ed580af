package scenes

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/vector"
)

// Shapes are drawn from small white textures made once and tinted per
// draw, never as vector paths filled each frame: a vector fill costs a
// stencil pass into an offscreen image and a draw call of its own, while
// textured triangles from Ebitengine's atlas batch with each other.
//
// Rounded rectangles, their outlines and circles are nine-slices of a
// corner texture, made per size on screen (a window size or a scaling
// animation adds a few small ones); emblems and arrows are sprites
// rasterised once per size bucket.

// maxCornerTexels caps a corner texture's cell; larger corners are drawn
// from the largest texture, slightly magnified.
const maxCornerTexels = 160

// cornerKey names a corner texture: a rounded square of half-side cell
// with corners of radius radius, less (if thick is not 0) the square
// inset by the band thick wide with corners of radius inner, all in
// quarter texels. Quarter texels keep the corner within an eighth of a
// pixel of its size on screen, so straight edges stay on the pixels they
// cover. The cell is the radius, or the band if that is wider.
type cornerKey struct {
	cell, radius, thick, inner int32
}

// ringIndices are the 16 triangles of the eight outer cells of a 4×4
// grid of vertices (a nine-slice without its centre). An outline has no
// centre, and a fill draws its own more cheaply (fillCentre).
var ringIndices = cellIndices(0, 1, 2, 3, 5, 6, 7, 8)

// shadowIndices are the triangles of a nine-slice's right column and
// bottom row: all of a drop shadow that shows beside its panel.
var shadowIndices = cellIndices(2, 5, 6, 7, 8)

// cellIndices returns the triangles of the given cells of a nine-slice
// (0–8, in rows) on a 4×4 grid of vertices.
func cellIndices(cells ...int) []uint16 {
	idx := make([]uint16, 0, 6*len(cells))
	for _, cell := range cells {
		v := uint16(cell/3*4 + cell%3)
		idx = append(idx, v, v+1, v+4, v+1, v+5, v+4)
	}
	return idx
}

// shapeCache holds the textures shapes are drawn from, made on first use.
// Ebitengine's images belong to its one game loop, so the cache needs no
// lock.
var shapeCache struct {
	corners map[cornerKey]*ebiten.Image
	sprites map[spriteKey]*ebiten.Image
}

// roundRect fills (thick 0) or outlines with a band thick wide the
// rounded rectangle (x, y, w, h) with corners of radius r, all in local
// units, transformed by geo to the target's pixels.
func (c *Canvas) roundRect(geo ebiten.GeoM, x, y, w, h, r, thick float64, clr [4]float32) {
	if w <= 0 || h <= 0 || clr[3] == 0 {
		return
	}
	r = math.Max(0, math.Min(r, math.Min(w, h)/2))
	if r*pixelsPerUnit(geo) < 0.5 {
		c.squareRect(geo, x, y, w, h, thick, clr)
		return
	}
	c.nineSlice(geo, x, y, w, h, r, thick, clr, ringIndices)
	if thick == 0 {
		c.fillCentre()
	}
}

// shadow draws the drop shadow of the rounded rectangle (x, y, w, h)
// moved by (dx, dy), both from 0 to r: only its right column and bottom
// row, which is all that shows beside a panel drawn over it. Under the
// panel it would change what a panel at least 7/8 opaque shows by a grey
// level or two, at the cost of a pass over the panel's pixels.
func (c *Canvas) shadow(x, y, w, h, r, dx, dy float64, clr color.RGBA) {
	if w <= 0 || h <= 0 || clr.A == 0 {
		return
	}
	r = math.Max(0, math.Min(r, math.Min(w, h)/2))
	dx, dy = math.Max(0, math.Min(dx, r)), math.Max(0, math.Min(dy, r))
	if r*pixelsPerUnit(c.geo) < 0.5 {
		c.quad(c.geo, x+w, y+dy, dx, h-dy, premultiplied(clr, 1))
		c.quad(c.geo, x+dx, y+h, w, dy, premultiplied(clr, 1))
		return
	}
	c.nineSlice(c.geo, x+dx, y+dy, w, h, r, 0, premultiplied(clr, 1), shadowIndices)
}

// nineSlice draws the cells idx names of the nine-slice of a rounded
// rectangle (a fill, or a band thick wide) with corners of radius r, at
// least half a pixel, leaving its vertices in c.verts.
func (c *Canvas) nineSlice(geo ebiten.GeoM, x, y, w, h, r, thick float64, clr [4]float32, idx []uint16) {
	k := pixelsPerUnit(geo)
	thick = math.Min(thick, math.Min(w, h)/2)
	cell := math.Max(r, thick) // a corner cell holds the band's width
	key := cornerKey{cell: int32(math.Round(4 * math.Min(maxCornerTexels, cell*k)))}
	texels := float64(key.cell) / 4 // the cell in texels
	quarters := func(v float64) int32 { return int32(math.Round(4 * v * texels / cell)) }
	key.radius = quarters(r)
	if thick > 0 {
		key.thick = max(1, quarters(thick))
		key.inner = quarters(math.Max(0, r-thick))
	}
	tex := cornerTexture(key)
	xs := [4]float64{x, x + cell, x + w - cell, x + w}
	ys := [4]float64{y, y + cell, y + h - cell, y + h}
	centre := float32(texels) + 1 // past the transparent border
	us := [4]float32{1, centre, centre, 2*centre - 1}
	for row := range 4 {
		for col := range 4 {
			v := &c.verts[row*4+col]
			px, py := geo.Apply(xs[col], ys[row])
			v.DstX, v.DstY = float32(px), float32(py)
			v.SrcX, v.SrcY = us[col], us[row]
			v.ColorR, v.ColorG, v.ColorB, v.ColorA = clr[0], clr[1], clr[2], clr[3]
		}
	}
	c.triOpts = ebiten.DrawTrianglesOptions{Filter: ebiten.FilterLinear, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	c.target().DrawTriangles(c.verts[:16], idx, tex, &c.triOpts)
}

// squareRect fills (thick 0) or outlines with a band thick wide the
// rectangle (x, y, w, h) in local units, transformed by geo, with square
// corners: quads of a white pixel.
func (c *Canvas) squareRect(geo ebiten.GeoM, x, y, w, h, thick float64, clr [4]float32) {
	if thick <= 0 || 2*thick >= math.Min(w, h) {
		c.quad(geo, x, y, w, h, clr)
		return
	}
	c.quad(geo, x, y, w, thick, clr)
	c.quad(geo, x, y+h-thick, w, thick, clr)
	c.quad(geo, x, y+thick, thick, h-2*thick, clr)
	c.quad(geo, x+w-thick, y+thick, thick, h-2*thick, clr)
}

// quad fills the rectangle (x, y, w, h) in local units, transformed by geo.
func (c *Canvas) quad(geo ebiten.GeoM, x, y, w, h float64, clr [4]float32) {
	for i := range 4 {
		v := &c.verts[i]
		px, py := geo.Apply(x+w*float64(i%2), y+h*float64(i/2))
		v.DstX, v.DstY = float32(px), float32(py)
		v.SrcX, v.SrcY = 1.5, 1.5
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = clr[0], clr[1], clr[2], clr[3]
	}
	c.triOpts = ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	c.target().DrawTriangles(c.verts[:4], quadIndices[:], whitePixel(), &c.triOpts)
}

// quadIndices are the two triangles of a quad's four vertices, in rows.
var quadIndices = [6]uint16{0, 1, 2, 1, 3, 2}

// fillCentre fills the centre cell of the nine-slice in c.verts with the
// white pixel, sampled nearest: it holds most of a shape's pixels, and a
// linear filter costs twice as much per pixel on a software renderer. Its
// corners are the nine-slice's own vertices, so the cells meet without a
// gap or an overlap.
func (c *Canvas) fillCentre() {
	for i, v := range [4]int{5, 6, 9, 10} {
		c.verts[16+i] = c.verts[v]
		c.verts[16+i].SrcX, c.verts[16+i].SrcY = 1.5, 1.5
	}
	c.triOpts = ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	c.target().DrawTriangles(c.verts[16:], quadIndices[:], whitePixel(), &c.triOpts)
}

// pixelsPerUnit returns how many target pixels a local unit spans under
// geo (along its longer axis).
func pixelsPerUnit(geo ebiten.GeoM) float64 {
	return math.Max(math.Hypot(geo.Element(0, 0), geo.Element(1, 0)), math.Hypot(geo.Element(0, 1), geo.Element(1, 1)))
}

// cornerTexture returns the white texture of key (a disc when the radius
// is the cell and there is no band) with a transparent border of at least
// a texel, premultiplied coverage in every channel (see cornerCoverage).
func cornerTexture(key cornerKey) *ebiten.Image {
	if img, ok := shapeCache.corners[key]; ok {
		return img
	}
	cover, side := cornerCoverage(key)
	img := ebiten.NewImage(side, side)
	img.WritePixels(whiteFromCoverage(cover))
	if shapeCache.corners == nil {
		shapeCache.corners = map[cornerKey]*ebiten.Image{}
	}
	shapeCache.corners[key] = img
	return img
}

// cornerCoverage returns the coverage of key's texture, side×side texels
// in rows. The square's centre is its half-side from the border's inner
// edge. Coverage is sampled 4×4 per texel, so edges are smooth; but only
// where an edge crosses the texel. A rounded square holds every point
// nearer its centre (along both axes) than one it holds, so a texel whose
// farthest sample is inside is wholly inside, and one whose nearest sample
// is outside is wholly outside: the texture is the same as if every texel
// were sampled, and a disc as large as the title's emblem is made in a
// small fraction of the time (it held the browser's first frame for a
// quarter of a second).
func cornerCoverage(key cornerKey) (cover []byte, side int) {
	cell, radius := float64(key.cell)/4, float64(key.radius)/4
	centre := cell + 1
	side = int(math.Ceil(2*cell)) + 2
	thick, inner := float64(key.thick)/4, float64(key.inner)/4
	// The samples' distances from the centre along an axis, four per
	// texel, and the nearest and farthest of each texel's.
	dist := make([]float64, 4*side)
	near, far := make([]float64, side), make([]float64, side)
	for t := range side {
		for s := range 4 {
			d := math.Abs(float64(t) + (float64(s)+0.5)/4 - centre)
			dist[4*t+s] = d
			if s == 0 || d < near[t] {
				near[t] = d
			}
			if d > far[t] {
				far[t] = d
			}
		}
	}
	inOuter := func(dx, dy float64) bool { return insideRoundSquare(dx, dy, cell, radius) }
	inHole := func(dx, dy float64) bool { return key.thick > 0 && insideRoundSquare(dx, dy, cell-thick, inner) }
	cover = make([]byte, side*side)
	for ty := range side {
		for tx := range side {
			switch {
			case !inOuter(near[tx], near[ty]) || inHole(far[tx], far[ty]):
				continue // wholly outside the shape, or in its hole
			case inOuter(far[tx], far[ty]) && !inHole(near[tx], near[ty]):
				cover[ty*side+tx] = 0xff
				continue
			}
			hits := 0
			for _, dy := range dist[4*ty : 4*ty+4] {
				for _, dx := range dist[4*tx : 4*tx+4] {
					if inOuter(dx, dy) && !inHole(dx, dy) {
						hits++
					}
				}
			}
			cover[ty*side+tx] = byte((hits*255 + 8) / 16)
		}
	}
	return cover, side
}

// insideRoundSquare reports whether the point (dx, dy) from the centre
// of a square of half-side half with corners of radius r lies inside it.
func insideRoundSquare(dx, dy, half, r float64) bool {
	if half <= 0 {
		return false
	}
	if r > half {
		r = half
	}
	qx, qy := dx-(half-r), dy-(half-r)
	if qx <= 0 || qy <= 0 {
		return dx <= half && dy <= half
	}
	// Plain comparisons and a squared distance, not math.Min and
	// math.Hypot (nor the built-in min, a call in WebAssembly): this runs
	// 16 times per texel of every corner texture, and in a browser the
	// title's first frame waited a second on their guards against
	// infinities and NaNs.
	return qx*qx+qy*qy <= r*r
}

// premultiplied returns clr (premultiplied, as color.RGBA is) scaled by
// alpha, as vertex colours.
func premultiplied(clr color.RGBA, alpha float64) [4]float32 {
	k := float32(alpha) / 255
	return [4]float32{float32(clr.R) * k, float32(clr.G) * k, float32(clr.B) * k, float32(clr.A) * k}
}

// spriteKey names a sprite painted from a path: which shape and the side
// of its texture in texels.
type spriteKey struct {
	shape spriteShape
	side  int
}

// spriteShape is a shape painted into a sprite, drawn on a 100-unit grid
// centred on its origin.
type spriteShape int

const (
	spriteRock spriteShape = iota
	spritePaper
	spriteScissors
	spriteArrow // a triangle pointing right, its tip at (50, 0)
)

// spriteSides are the sizes a sprite is painted at; a shape is drawn
// from the smallest at least as large as it is on screen (or the
// largest), so it is never magnified much and never shrunk by more than
// half.
var spriteSides = [...]int{16, 32, 64, 128, 256}

// drawSprite draws shape, its 100-unit grid transformed by local to
// logical coordinates, then by the canvas, tinted clr.
func (c *Canvas) drawSprite(shape spriteShape, local ebiten.GeoM, clr [4]float32) {
	full := local
	full.Concat(c.geo)
	px := 100 * pixelsPerUnit(full)
	side := spriteSides[len(spriteSides)-1]
	for _, s := range spriteSides {
		if float64(s) >= px {
			side = s
			break
		}
	}
	img := spriteTexture(spriteKey{shape, side})
	half := float64(img.Bounds().Dx()) / 2
	o := &c.imgOpts
	*o = ebiten.DrawImageOptions{}
	o.GeoM.Translate(-half, -half)
	o.GeoM.Scale(100/float64(side), 100/float64(side))
	o.GeoM.Concat(full)
	o.ColorScale.SetR(clr[0])
	o.ColorScale.SetG(clr[1])
	o.ColorScale.SetB(clr[2])
	o.ColorScale.SetA(clr[3])
	o.Filter = ebiten.FilterLinear
	c.target().DrawImage(img, o)
}

// spriteTexture returns the white sprite of key, rasterised once on the
// CPU (written pixels keep it in Ebitengine's atlas, where it batches with
// the rest), with a transparent border of a texel.
func spriteTexture(key spriteKey) *ebiten.Image {
	if img, ok := shapeCache.sprites[key]; ok {
		return img
	}
	side := key.side + 2
	z := vector.NewRasterizer(side, side)
	p := gridPen{z: z, k: float32(key.side) / 100, o: float32(side) / 2}
	switch key.shape {
	case spriteRock:
		p.rock()
	case spritePaper:
		p.paper()
	case spriteScissors:
		p.scissors()
	case spriteArrow:
		p.arrow()
	}
	cover := image.NewAlpha(image.Rect(0, 0, side, side))
	z.Draw(cover, cover.Bounds(), image.Opaque, image.Point{})
	img := ebiten.NewImage(side, side)
	img.WritePixels(whiteFromCoverage(cover.Pix))
	if shapeCache.sprites == nil {
		shapeCache.sprites = map[spriteKey]*ebiten.Image{}
	}
	shapeCache.sprites[key] = img
	return img
}

// whiteFromCoverage returns premultiplied white RGBA pixels of the given
// coverages.
func whiteFromCoverage(cover []byte) []byte {
	pix := make([]byte, 4*len(cover))
	for i, a := range cover {
		pix[4*i], pix[4*i+1], pix[4*i+2], pix[4*i+3] = a, a, a, a
	}
	return pix
}
