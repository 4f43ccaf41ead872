// The scanner end to end on made-up photos that stress the OCR stage as unseen phone photos do: a card filling
// a third of a 12-megapixel photo on a busy table, a page of small type filling one (read again larger), thin
// light type, text over a photograph, a shadow across the page, glare over part of a glossy card.
import { PHOTO_STRESS } from '../../fixtures/menus/photo-stress';
import { describeMadeUpPhotos } from './made-up-photo-suite';

describeMadeUpPhotos('menu scan of made-up photos that stress the OCR', PHOTO_STRESS);
