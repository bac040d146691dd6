import { readFileSync } from 'node:fs';
import { create } from 'fontkit';

/** The part of fontkit's GPOS processor (not exported by fontkit) that places marks. */
type MarkPlacer = {
  applyLookup(lookupType: number, table: unknown): boolean;
  applyAnchor(markRecord: { markAnchor: unknown }, baseAnchor: unknown, baseIndex: number): void;
  missingAnchor?: boolean;
};

/** Mark-to-base, mark-to-ligature and mark-to-mark: the lookups whose anchors may be absent. */
const MARK_LOOKUPS = new Set([4, 5, 6]);
const GUARDED = Symbol('nullAnchorGuard');

/**
 * Teaches fontkit (2.0.4, used by react-pdf for shaping) that a GPOS anchor may be absent.
 *
 * OpenType lets a mark-attachment subtable leave a base glyph's anchor for some mark class empty
 * (a NULL offset: "this subtable does not place that mark on that base"). Noto Sans Telugu,
 * Gurmukhi and Malayalam as @fontsource ships them have such anchors; fontkit reads them as null
 * and stops with "Cannot read properties of null (reading 'xCoordinate')", so one name such as
 * "శ్రీనివాస్ రావు" or "ന്‍" failed the whole PDF. HarfBuzz, and fontkit's own pending fix, treat
 * the subtable as not applying, so the next subtable may place the mark: done the same way here.
 *
 * The processor class is not exported; it is reached through a font that has a GPOS table.
 * Returns false if fontkit's insides no longer look as expected (nothing is changed then).
 */
export function guardNullAnchors(fontWithGpos: string): boolean {
  const font = create(readFileSync(fontWithGpos)) as unknown as {
    layout(text: string): unknown;
    _layoutEngine?: { engine?: { GPOSProcessor?: object | null } };
  };
  font.layout(' ');
  const processor = font._layoutEngine?.engine?.GPOSProcessor;
  const proto = processor
    ? (Object.getPrototypeOf(processor) as MarkPlacer & { [GUARDED]?: true })
    : null;
  if (!proto || typeof proto.applyLookup !== 'function' || typeof proto.applyAnchor !== 'function')
    return false;
  if (proto[GUARDED]) return true;
  const { applyLookup, applyAnchor } = proto;
  proto.applyAnchor = function (this: MarkPlacer, markRecord, baseAnchor, baseIndex) {
    if (!baseAnchor || !markRecord?.markAnchor) {
      this.missingAnchor = true;
      return;
    }
    applyAnchor.call(this, markRecord, baseAnchor, baseIndex);
  };
  proto.applyLookup = function (this: MarkPlacer, lookupType, table) {
    // Saved and restored: a contextual lookup applies nested lookups through this same method.
    const outer = this.missingAnchor;
    this.missingAnchor = false;
    const applied = applyLookup.call(this, lookupType, table);
    const missing = this.missingAnchor;
    this.missingAnchor = outer;
    return applied && !(missing && MARK_LOOKUPS.has(lookupType));
  };
  proto[GUARDED] = true;
  return true;
}
